"""Extract stage, part 2: events from parsed paragraphs and resolved mentions.

Each rule in ``ontology/lexicon/events.json`` names a trigger lemma and the
construction around it; this module finds the trigger, reads its arguments off the
parse (voice, control, coordination, by-agents), decides whether the text asserts it
(negation, attempt, threat, rumour, hypothetical, embedded post) and dates it.
"""

from __future__ import annotations

from datetime import date

from spacy.tokens import Token

from kg.ontology import lexicon
from kg.extract import quotes
from kg.nlp import syntax
from kg.extract import timex
from kg.ingest.documents import Document
from kg.ontology.lexicon import Rule
from kg.model import Event, Mention
from kg.nlp.parse import Paragraph

_RANK = {"Person": 8, "Description": 7, "Pronoun": 6, "Relative": 5, "Motion": 4, "PoliticalParty": 3,
         "Organization": 2, "Legislature": 1, "Office": 0}



class _Context:
    """Everything the rules need about one document."""

    def __init__(self, document: Document, paragraphs: list[Paragraph], mentions: list[Mention]):
        self.document, self.paragraphs = document, paragraphs
        self.mentions = sorted(mentions, key=lambda m: m.order)
        self.lex = lexicon.load()
        self.owner: dict[tuple[int, int], Mention] = {}
        for m in self.mentions:
            for i in range(m.start, m.end):
                prev = self.owner.get((m.para, i))
                # a person or description outranks the title inside it ("the only MP", "Speaker X")
                if prev is None or _RANK[m.kind] > _RANK[prev.kind] or (
                        _RANK[m.kind] == _RANK[prev.kind] and m.end - m.start < prev.end - prev.start):
                    self.owner[(m.para, i)] = m
        self.quoted: list[list[tuple[int, int]]] = [
            [(q.start(), q.end()) for q in quotes.QUOTE.finditer(p.text)] for p in paragraphs]

    def mention(self, para: int, tok: Token | None) -> Mention | None:
        """The mention a token belongs to, looking through appositions ('a Bloc MP – X –')."""
        if tok is None:
            return None
        for c in tok.children:
            if c.dep_ == "appos":
                m = self.owner.get((para, c.i))
                if m is not None and m.kind == "Person":
                    return m
        return self.owner.get((para, tok.i))

    def in_quote(self, para: int, tok: Token) -> bool:
        return any(s <= tok.idx < e for s, e in self.quoted[para])

    def char(self, para: int, offset: int) -> int:
        return self.paragraphs[para].start + offset


def _arg_mentions(ctx: _Context, para: int, tok: Token | None) -> list[Mention]:
    if tok is None:
        return []
    out = []
    for t in syntax.coordinated(tok):
        m = ctx.mention(para, t)
        if m is not None and m not in out:
            out.append(m)
    # "Both were asked to withdraw": the last two people who were subjects of a clause
    if not out and tok.lower_ == "both":
        people = [m for m in ctx.mentions if m.order < (para, tok.i) and m.entity is not None and m.entity.kind == "Person"
                  and m.kind in {"Person", "Pronoun"} and ctx.paragraphs[m.para].doc[m.head].dep_ in {"nsubj", "nsubjpass"}]
        seen: list[Mention] = []
        for m in reversed(people):
            if all(m.entity is not s.entity for s in seen):
                seen.append(m)
            if len(seen) == 2:
                break
        out = seen
    return out


def _has(tok: Token, deps: set[str], words: frozenset[str], attr: str = "lemma_") -> Token | None:
    for c in tok.children:
        if c.dep_ in deps and getattr(c, attr).lower() in words:
            return c
    return None


def _particle(tok: Token, words: frozenset[str]) -> bool:
    if _has(tok, {"prt", "prep", "advmod", "dobj"}, words, "lower_") is not None:
        return True
    nxt = tok.doc[tok.i + 1] if tok.i + 1 < len(tok.doc) else None
    return nxt is not None and nxt.lower_ in words and nxt.head.i in {tok.i, tok.head.i}


def _complement(tok: Token, words: frozenset[str]) -> Token | None:
    """An infinitival complement with one of these lemmas ('asked X to apologise'); not
    'told the House she would "apologise when ..."' (a finite, quoted clause)."""
    for c in tok.children:
        if c.dep_ in {"xcomp", "ccomp", "advcl", "acl", "conj"} and c.lemma_.lower() in words and c.i > tok.i:
            if c.dep_ in {"ccomp", "conj"} and not any(a.lower_ == "to" for a in c.children):
                continue
            if _quoted(c):
                continue
            return c
        if c.dep_ in {"dobj", "prep"}:
            for g in c.children:
                if g.dep_ in {"acl", "relcl", "xcomp", "pobj"} and g.lemma_.lower() in words:
                    return g
    return None


def _modality(ctx: _Context, rule: Rule, tok: Token) -> tuple[str, str]:
    """(modality, class) for a trigger: asserted, or why not; a negated future apology is a refusal."""
    mod = ctx.lex.modality
    cls = rule.cls
    auxes = syntax.aux_lemmas(tok)
    # "no such motion had been put": a negative determiner on an argument negates the event
    if any(d.dep_ == "det" and d.lower_ in mod["negations"] for c in tok.children
           if c.dep_ in {"nsubj", "nsubjpass", "dobj"} for d in c.children):
        return "Negated", cls
    if syntax.negated(tok):
        if rule.get("negated_future_class") and auxes & mod["future_modals"]:
            return "Asserted", rule.get("negated_future_class")
        if rule.get("only_negated_future") and auxes & mod["future_modals"]:
            return "Asserted", cls
        return "Negated", cls
    if rule.get("only_negated_future"):
        return "", cls
    if auxes & mod["Hypothetical"] or auxes & {"will", "shall", "'ll"}:
        return "Hypothetical", cls
    if any(c.dep_ == "mark" and c.lower_ in mod["conditional_marks"] for c in tok.children):
        return "Hypothetical", cls
    # "refused to withdraw calling X a wacko", "apologised for calling X a liar": the
    # gerund names a remark that was made; only its withdrawal is in question
    if tok.tag_ == "VBG" and cls == "Accusation":
        gov = next(syntax.governors(tok), None)
        if gov is not None and gov.lemma_.lower() in ctx.lex.remark_governors:
            return "Asserted", cls
    required = rule.words("requires_governor")
    if required:
        cur = tok
        while cur.dep_ in {"xcomp", "ccomp", "conj"} and cur.head.i != cur.i:
            cur = cur.head
            if cur.lemma_.lower() in required:
                return "Asserted", cls
    # "Rumours circulated that ...", "One account suggested that ...": the whole sentence is hearsay
    root = tok.sent.root
    if root.i != tok.i and (root.lemma_.lower() in mod["Reported"] or any(
            c.dep_ in {"nsubj", "nsubjpass"} and c.lemma_.lower() in mod["reported_nouns"] for c in root.children)):
        return "Reported", cls
    for g in syntax.governors(tok):
        lem = g.lemma_.lower()
        if lem in required:
            return "Asserted", cls
        if lem in ctx.lex.grammar["refusal_governors"]:
            return "Negated", cls
        if lem in mod["Attempted"]:
            return "Attempted", cls
        if lem in mod["Threatened"]:
            return "Threatened", cls
        if lem in mod.get("hypothetical_verbs", frozenset()):
            return "Hypothetical", cls
        if lem in mod["Reported"] or lem in mod["reported_nouns"]:
            return "Reported", cls
        if any(c.dep_ in {"nsubj", "nsubjpass"} and c.lemma_.lower() in mod["reported_nouns"] for c in g.children):
            return "Reported", cls
        if lem in mod["Requested"] and g.pos_ == "VERB":
            return "Requested", cls
        if syntax.negated(g) and g.pos_ in {"VERB", "AUX"}:
            return "Negated", cls
        if syntax.aux_lemmas(g) & mod["Hypothetical"] or any(
                c.dep_ == "mark" and c.lower_ in mod["conditional_marks"] for c in g.children):
            return "Hypothetical", cls
        if g.lemma_.lower() in ctx.lex.motion_nouns:
            return "Hypothetical", cls
    if required:
        return "", cls
    return "Asserted", cls


def _arguments(ctx: _Context, rule: Rule, para: int, tok: Token) -> tuple[Token | None, Token | None] | None:
    """(agent token, target token) for a matched trigger, or None if the construction does not fit."""
    passive = syntax.is_passive(tok) or (
        # "was warned by X and suspended" (tagged as a past tense): a transitive trigger with
        # no subject or object of its own, coordinated with a passive, is passive too
        tok.dep_ == "conj" and tok.tag_ == "VBD" and rule.get("target_from") is None and not rule.get("charge_from")
        and syntax.direct_subject(tok) is None and not syntax.children(tok, "dobj", "xcomp", "ccomp")
        # ("was ejected ... and refused to withdraw": a verb with a clause of its own is active)
        and syntax.is_passive(tok.head))
    voice = rule.get("voice", "any")
    if voice == "passive" and not passive:
        return None
    if passive:
        agent, target = syntax.by_agent(tok), syntax.object_of(tok)
        if target is None and tok.dep_ == "conj":
            target = syntax.object_of(tok.head)
    else:
        agent, target = syntax.subject_of(tok), (syntax.children(tok, "dobj") or [None])[0]
    how = rule.get("target_from")
    if rule.get("agent_from") == "governor":
        # "X was seeking consent to pass a motion" / "the motion X was trying to get approved":
        # X, the one seeking passage, proposed it; the motion is the object or the clause's head
        gov = next((g for g in syntax.governors(tok) if g.lemma_.lower() in rule.words("requires_governor")), None)
        if gov is None:
            cur = tok
            while cur.dep_ in {"xcomp", "ccomp", "conj"} and cur.head.i != cur.i:
                cur = cur.head
            gov = cur if cur.lemma_.lower() in rule.words("requires_governor") else None
        if gov is None:
            return None
        agent = syntax.subject_of(gov)
        target = (syntax.children(tok, "dobj") or syntax.children(tok, "nsubjpass") or [None])[0]
        if target is None and gov.dep_ == "relcl":
            target = gov.head
        return agent, target
    if how == "xcomp_subject":
        comp = _complement(tok, rule.words("xcomp"))
        if not passive:
            on = _has(tok, {"prep"}, frozenset({"on", "upon"}), "lower_")
            if target is None and on is not None:
                target = (syntax.children(on, "pobj") or [None])[0]
            if target is None and comp is not None:
                target = _clause_subject(ctx, para, comp)
    elif how == "ccomp_subject":
        comp = _has(tok, {"ccomp"}, rule.words("ccomp"))
        target = _clause_subject(ctx, para, comp) if comp is not None else None
    elif how in {"prep_to", "prep_from"}:
        word = "to" if how == "prep_to" else "from"
        prep = _has(tok, {"prep", "dative"}, frozenset({word}), "lower_")
        for o in syntax.children(tok, "dobj") if prep is None else ():
            # "demanded an apology from X": hung on the noun
            prep = prep or _has(o, {"prep"}, frozenset({word}), "lower_")
        if prep is None:
            # "wrote to X to apologise": the addressee hangs on the governing verb
            heads = list(syntax.governors(tok)) or ([tok.head] if tok.dep_ in {"advcl", "xcomp"} else [])
            for g in heads:
                prep = _has(g, {"prep", "dative"}, frozenset({word}), "lower_")
                if prep is not None or g.pos_ == "VERB":
                    break
        target = (syntax.children(prep, "pobj") or [None])[0] if prep is not None else None
    elif rule.get("prep"):
        prep = _has(tok, {"prep"}, rule.words("prep"), "lower_")
        target = (syntax.children(prep, "pobj") or [None])[0] if prep is not None else None
    elif how == "nearest_motion":
        target = None
    elif how == "self":
        # "the Green Party's motion", "Okoro's motion": the possessor proposed it
        agent = (syntax.children(tok, "poss") or [None])[0]
        if agent is None:
            agent = next((c for c in tok.children if c.dep_ == "compound" and c.pos_ == "PROPN"), None)
        target = tok
    if target is None and how is None and not passive:
        # "the motion X was trying to get approved": a relative clause's gap is its head noun
        cur = tok
        while cur.dep_ in {"xcomp", "ccomp", "conj"} and cur.head.i != cur.i:
            cur = cur.head
        if cur.dep_ == "relcl" and not any(c.dep_ == "dobj" for c in cur.children):
            target = cur.head
    return agent, target


def _quoted(tok: Token) -> bool:
    """Is the token inside a direct quote of its paragraph?"""
    return any(s <= tok.idx < e for s, e in ((q.start(), q.end()) for q in quotes.QUOTE.finditer(tok.doc.text)))


def _clause_subject(ctx: _Context, para: int, comp: Token) -> Token | None:
    """The subject of a complement clause; the parser sometimes hangs it as a compound
    ('demanded that Tom Hale apologise' with 'Hale' a compound of 'apologise')."""
    subj = syntax.direct_subject(comp)
    if subj is not None:
        return subj
    for c in comp.children:
        if c.i < comp.i and c.dep_ in {"compound", "npadvmod", "dobj"}:
            m = ctx.owner.get((para, c.i))
            if m is not None and m.kind in {"Person", "Pronoun", "Description"}:
                return c
    return None


def _phrase(tok: Token) -> str:
    """A noun with its modifiers, without determiners: 'racist policies'."""
    words = [t for t in tok.subtree if t.i <= tok.i and t.dep_ not in {"det", "poss", "case", "punct"}]
    return " ".join(t.text for t in words) or tok.text


def _charge_by_surface(tok: Token) -> tuple[Token | None, str | None] | None:
    """'branded [Senator] X Y a hypocrite' read off the words when the parse lost the object:
    capitalised words, then 'a'/'an', then a noun, right after the verb."""
    doc = tok.doc
    i = tok.i + 1
    j = i
    while j < len(doc) and j - i < 5 and doc[j].text[:1].isupper() and doc[j].pos_ in {"PROPN", "NOUN", "VERB"}:
        j += 1
    # the charge may stand in quotes: 'called X a "wacko"'
    q = j + 1
    while q < len(doc) and doc[q].is_quote:
        q += 1
    if j > i and q < len(doc) and doc[j].lower_ in {"a", "an"} and doc[q].pos_ in {"NOUN", "ADJ"}:
        k = q
        while k + 1 < len(doc) and doc[k + 1].pos_ == "NOUN" and doc[k].pos_ == "ADJ":
            k += 1
        return (doc[j - 1], doc[k].text)
    return None


def _charge(rule: Rule, tok: Token) -> tuple[Token | None, str | None] | None:
    """For accusations: (target override, charge word), or None when the construction is absent."""
    how = rule.get("charge_from")
    if how is None:
        return (None, None)
    if how == "oprd":
        for c in tok.children:
            if c.dep_ in {"oprd", "attr", "xcomp", "acomp", "ccomp"} and c.i > tok.i and c.pos_ in {"NOUN", "ADJ"}:
                return (None, c.text)
        objs = syntax.children(tok, "dobj")
        if len(objs) >= 1 and any(c.dep_ == "dobj" and c.pos_ in {"NOUN", "ADJ"} and c.i > objs[0].i for c in tok.children):
            return (None, [c for c in tok.children if c.dep_ == "dobj"][-1].text)
        # "called X racist" / "labelled X a hypocrite": the charge parsed as a dependent of X
        for o in objs + syntax.children(tok, "nsubjpass"):
            for c in o.children:
                if c.dep_ in {"amod", "appos", "acl", "dobj", "npadvmod", "attr", "oprd"} and c.i > o.i and (
                        c.lower_ in lexicon.load().charge_nouns or (c.pos_ == "NOUN" and syntax.children(c, "det"))):
                    return (None, c.text)
        for c in tok.children:
            if c.dep_ == "npadvmod" and c.i > tok.i and c.pos_ == "NOUN" and syntax.children(c, "det"):
                return (None, c.text)
        return _charge_by_surface(tok)
    if how == "of":
        prep = _has(tok, {"prep"}, frozenset({"of"}), "lower_")
        for o in syntax.children(tok, "dobj"):
            # "accused X of lying" with 'of' hung on X
            prep = prep or _has(o, {"prep"}, frozenset({"of"}), "lower_")
        if prep is None:
            return None
        for c in prep.children:
            if c.dep_ == "pcomp":
                attr = syntax.children(c, "attr", "acomp")
                return (None, _phrase(attr[0]) if attr else c.text)
            if c.dep_ == "pobj":
                return (None, _phrase(c))
        return None
    if how == "ccomp_attr":
        lex = lexicon.load()
        for c in tok.children:
            if c.dep_ == "ccomp" and c.lemma_ == "be":
                attr = syntax.children(c, "attr")
                subj = syntax.direct_subject(c)
                if attr and subj is not None and attr[0].lemma_.lower() in lex.charge_nouns and not _quoted(c):
                    return (subj, attr[0].text)
        return None
    return None


def extract(document: Document, paragraphs: list[Paragraph], mentions: list[Mention]) -> list[Event]:
    """All events, asserted or not, in one document, dated; ordered by position."""
    ctx = _Context(document, paragraphs, mentions)
    events: list[Event] = []
    by_lemma = ctx.lex.rules_by_lemma
    for pi, para in enumerate(paragraphs):
        embed = document.in_embed(para.start, para.start + len(para.text))
        for tok in para.doc:
            candidates = by_lemma.get(tok.lemma_.lower())
            if not candidates:
                continue
            pos = tok.pos_
            for rule in candidates:
                if pos != rule.get("pos", "VERB"):
                    continue
                ev = _match(ctx, rule, pi, tok, events)
                if ev is None:
                    continue
                if embed is not None:
                    ev.modality = "EmbeddedPost"
                events.append(ev)
    events.extend(quotes.statements(document, paragraphs, ctx.mention))
    events.sort(key=lambda e: (e.para, e.trigger_index))
    _date(ctx, events)
    return _dedupe(events)


def _match(ctx: _Context, rule: Rule, pi: int, tok: Token, earlier: list[Event]) -> Event | None:
    if ctx.in_quote(pi, tok):
        return None
    if rule.get("particles") and not _particle(tok, rule.words("particles")):
        return None
    if rule.get("xcomp") and _complement(tok, rule.words("xcomp")) is None:
        return None
    if rule.get("ccomp") and _has(tok, {"ccomp"}, rule.words("ccomp")) is None:
        return None
    if rule.get("dobj") and _has(tok, {"dobj", "nsubjpass", "attr"}, rule.words("dobj")) is None:
        return None
    if rule.get("prep") and _has(tok, {"prep"}, rule.words("prep"), "lower_") is None:
        return None
    if rule.get("no_complement") and syntax.children(tok, "oprd", "attr", "xcomp", "dobj"):
        return None
    if rule.get("no_complement_but_object") and (syntax.children(tok, "oprd", "attr", "xcomp", "ccomp")
                                               or _has(tok, {"prep"}, frozenset({"as"}), "lower_") is not None):
        return None
    if rule.get("bare") and syntax.children(tok, "xcomp", "dobj", "ccomp"):
        return None
    modality, cls = _modality(ctx, rule, tok)
    if not modality:
        return None
    args = _arguments(ctx, rule, pi, tok)
    if args is None:
        return None
    agent_tok, target_tok = args
    charge = _charge(rule, tok)
    if charge is None:
        return None
    if charge[0] is not None:
        target_tok = charge[0]
    agents = _arg_mentions(ctx, pi, agent_tok)
    targets = _arg_mentions(ctx, pi, target_tok)
    kind = rule.get("target_kind", "Any")
    if rule.get("target_from") == "nearest_motion" or (
            kind == "Motion" and targets and all(t.kind == "Pronoun" for t in targets)):
        # "voted against it": the motion under discussion
        motion = _nearest_motion(ctx, pi, tok)
        targets = [motion] if motion is not None else []
    if kind == "Motion":
        if not targets or any(t.entity is None or t.entity.kind != "Motion" for t in targets):
            if rule.get("target_from") != "nearest_motion":
                return None
    elif kind in {"Person", "Agent"}:
        if any(t.kind == "Motion" for t in targets):
            return None
        targets = [t for t in targets if t.entity is not None and t.entity.kind in {"Person", "PoliticalParty", "Organization", "Office"}
                   and (kind == "Agent" or t.entity.kind == "Person")]
        if kind == "Person" and target_tok is not None and not targets and target_tok.pos_ == "NOUN" \
                and target_tok.ent_type_ == "" and cls == "Ejection":
            return None  # "removed the sign": a thing, not a member
    if rule.get("refers_to"):
        # "... she would not be doing so": 'do so' stands for the last such act mentioned
        before = next((e for e in reversed(earlier) if e.cls == rule.get("refers_to") and pi - e.para <= 1), None)
        if before is None:
            return None
        targets = targets or list(before.targets)
        agents = agents or list(before.agents)
    if cls == "ApologyRefusal":
        answers = rule.get("after_class")  # a rule that only speaks after a demand ('He refused.')
        demand = _recent(earlier, answers or "ApologyDemand", pi)
        if answers and demand is None:
            return None
        agents = _refuser(agents, demand, bool(answers))
    agents = [a for a in agents if a.entity is not None and a.entity.kind != "Motion"]
    if rule.get("target_from") == "self" and not agents:
        return None
    if rule.get("requires_target") and not targets:
        return None  # "called the episode a new low": no one was accused
    if rule.get("agent_presiding") and not any(_presiding(a.entity) for a in agents):
        return None
    if cls in {"Apology", "ApologyRefusal"}:
        # an apology is made to a person; "apologise to the party" names no addressee the gold counts
        targets = [t for t in targets if t.entity is not None and t.entity.kind == "Person"]
    sent = tok.sent
    return Event(
        cls=cls, rule=rule.id, trigger=tok.text, para=pi, trigger_index=tok.i,
        sentence=(ctx.char(pi, sent.start_char), ctx.char(pi, sent.end_char)),
        agents=agents, targets=targets, charge=charge[1], modality=modality,
        confidence=float(rule.get("confidence", 0.8)),
    )


def _refuser(agents: list[Mention], demand: Event | None, answers: bool) -> list[Mention]:
    """Who refuses: a refusal answers the latest demand, so 'he' (or, for a rule that only
    speaks after a demand, nobody named) is the one who was asked; a pronoun that points at
    someone else than the one asked is taken to mean the one asked."""
    if demand is None or not demand.targets or (agents and not all(a.kind == "Pronoun" for a in agents)):
        return agents
    asked = demand.targets[0]
    if answers:
        return [asked]
    if agents and asked.entity is not None and (agents[0].entity is None or agents[0].entity is not asked.entity):
        return [asked]
    return agents


def _presiding(entity) -> bool:
    """Does this entity preside (a Speaker, or a person holding a presiding office)?"""
    if entity is None:
        return False
    keys = {o.key for o in lexicon.load().offices if o.presiding}
    if entity.kind == "Office":
        return entity.key in keys
    return any(r == "holdsOffice" and o.key in keys for r, o in entity.roles)


def _recent(events: list[Event], cls: str, para: int) -> Event | None:
    for e in reversed(events):
        if e.cls == cls and para - e.para <= 2 and e.asserted:
            return e
    return None


def _nearest_motion(ctx: _Context, para: int, tok: Token) -> Mention | None:
    """The motion under discussion: the last one mentioned before the trigger, else the next in its sentence."""
    before = [m for m in ctx.mentions if m.kind == "Motion" and m.order <= (para, tok.i) and m.entity is not None]
    if before:
        return before[-1]
    after = [m for m in ctx.mentions if m.kind == "Motion" and m.para == para and m.start > tok.i
             and m.start < tok.sent.end and m.entity is not None]
    return after[0] if after else None


def _clause_verb(tok: Token) -> Token:
    """The verb of the clause a token sits in (itself, if it is one)."""
    cur = tok
    while cur.pos_ not in {"VERB", "AUX"} and cur.head.i != cur.i:
        cur = cur.head
    return cur


def _dates_event(expr: Token, trigger: Token) -> bool:
    """Does a time expression date this trigger? Only when it modifies the trigger's clause
    or a clause above it ("got heated on Wednesday, ... who called X a racist")."""
    verb = _clause_verb(expr)
    clause = _clause_verb(trigger)
    if verb.i == clause.i or any(a.i == verb.i for a in clause.ancestors):
        return True
    # "voted against the bill when the division bell rang on Tuesday": a simultaneous clause
    return verb.dep_ == "advcl" and verb.head.i == clause.i and any(
        c.dep_ in {"mark", "advmod"} and c.lower_ in lexicon.load().grammar["simultaneous_markers"] for c in verb.children)


def _date(ctx: _Context, events: list[Event]) -> None:
    """Date each event: a time expression of its clause (or a clause above it), else the
    story's current date (the last exact date the article gave outside embedded posts)."""
    doc_date = ctx.document.date
    narrative: date | None = None
    by_sentence: dict[tuple[int, int], list[Event]] = {}
    for e in events:
        by_sentence.setdefault(e.sentence, []).append(e)
    for pi, para in enumerate(ctx.paragraphs):
        in_embed = ctx.document.in_embed(para.start, para.start + len(para.text)) is not None
        for sent in para.doc.sents:
            span = (ctx.char(pi, sent.start_char), ctx.char(pi, sent.end_char))
            found = []
            for s, e, text in timex.find(sent.text):
                start = sent.start_char + s
                if any(q0 <= start < q1 for q0, q1 in ctx.quoted[pi]):
                    continue
                t = timex.resolve(text, doc_date, narrative)
                tok = para.doc.char_span(start, sent.start_char + e, alignment_mode="expand")
                if t is not None and tok is not None:
                    found.append((tok.root, t))
            for ev in by_sentence.get(span, []):
                trig = para.doc[ev.trigger_index]
                # a vague expression ("last week") undates only its own clause's events
                mine = [(tok, t) for tok, t in found if _dates_event(tok, trig)
                        and (t.value is not None or _clause_verb(tok).i == _clause_verb(trig).i)]
                if mine:
                    ev.date = min(mine, key=lambda f: abs(f[0].i - trig.i))[1].value
                else:
                    ev.date = narrative
            exact = [t.value for _, t in found if t.value is not None]
            if not in_embed and exact:
                narrative = exact[-1]


def _dedupe(events: list[Event]) -> list[Event]:
    """One event per (class, agent, target, modality) in a document; an agentless mention
    folds into a later one that names the agent (the gold convention: one row per event)."""
    out: list[Event] = []
    for e in events:
        key = _key(e)
        same = next((o for o in out if _key(o) == key), None)
        if same is not None:
            same.date = same.date or e.date
            continue
        if e.asserted and not e.agents:
            later = next((o for o in events if o is not e and o.cls == e.cls and o.asserted and o.agents and
                          {id(t.entity) for t in o.targets} == {id(t.entity) for t in e.targets} and e.targets), None)
            if later is not None:
                later.date = later.date or e.date
                continue
        out.append(e)
    return out


def _key(e: Event) -> tuple:
    if e.cls == "Statement":
        return (e.cls, e.quote_span)
    return (e.cls, e.modality, frozenset(id(a.entity) for a in e.agents), frozenset(id(t.entity) for t in e.targets))
