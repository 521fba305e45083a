"""Extract stage, part 1: find who and what a paragraph mentions.

People (with the titles around their names), parties, legislatures, offices, motions,
role descriptions ("the NDP leader", "the Speaker"), pronouns and relative pronouns.
Titles and roles are read from ``ontology/lexicon/titles.json``; parties from the
gazetteer in ``organizations.json`` plus contexts that mark an unknown party.
"""

from __future__ import annotations

from functools import cache

from spacy.language import Language
from spacy.matcher import PhraseMatcher
from spacy.tokens import Doc, Token

from kg.ontology import lexicon
from kg.model import Mention, fold

_SUBJECT_DEPS = {"nsubj", "nsubjpass"}


@cache
def _matchers(nlp: Language) -> dict[str, PhraseMatcher]:
    """Phrase matchers over lower-cased text for parties, legislatures and office titles."""
    lex = lexicon.load()
    out = {}
    party = PhraseMatcher(nlp.vocab, attr="LOWER")
    for p in lex.parties:
        forms = {p.name, *p.aliases}
        forms |= {fold(f).title() for f in forms if fold(f) != f.lower()}
        party.add(p.name, [nlp.make_doc(f) for f in forms])
    out["party"] = party
    leg = PhraseMatcher(nlp.vocab, attr="LOWER")
    for w in lex.legislature_words:
        leg.add(w, [nlp.make_doc(w)])
    out["legislature"] = leg
    office = PhraseMatcher(nlp.vocab, attr="LOWER")
    for o in lex.offices:
        office.add(o.key, [nlp.make_doc(w) for w in o.words])
    out["office"] = office
    return out


@cache
def _gazetteer_aliases() -> dict[str, str]:
    """Folded surface form -> canonical gazetteer party name."""
    out = {}
    for p in lexicon.load().parties:
        for form in (p.name, *p.aliases):
            out.setdefault(fold(form), p.name)
    return out


def _modifier(tok: Token) -> bool:
    """A word that belongs to a role description before its title: 'the', 'a', 'federal',
    'its'; not a relative or interrogative word ('which the minister introduced')."""
    return tok.pos_ in {"DET", "ADJ", "PRON"} and tok.tag_ not in {"WDT", "WP", "WP$"} and tok.lower_ not in {"this", "that"}


def _capitalised(tok: Token) -> bool:
    return tok.text[:1].isupper()


def _longest(spans: list[tuple[int, int, str]]) -> list[tuple[int, int, str]]:
    """Non-overlapping spans, longest first."""
    taken: set[int] = set()
    out = []
    for s, e, label in sorted(spans, key=lambda x: (x[0] - x[1], x[0])):
        if taken.isdisjoint(range(s, e)):
            taken.update(range(s, e))
            out.append((s, e, label))
    return sorted(out)


class _Finder:
    """Find mentions in one paragraph (``para`` is its index in the document)."""

    def __init__(self, doc: Doc, para: int, nlp: Language):
        self.doc, self.para, self.lex = doc, para, lexicon.load()
        #: one Token object per token, made once: ``doc[i]`` and iterating a Doc make new ones each time
        self.tokens = list(doc)
        self.m = _matchers(nlp)
        self.mentions: list[Mention] = []
        self.owner: dict[int, Mention] = {}

    def add(self, m: Mention) -> Mention:
        self.mentions.append(m)
        for i in range(m.start, m.end):
            self.owner.setdefault(i, m)
        return m

    def free(self, s: int, e: int) -> bool:
        return all(i not in self.owner for i in range(s, e))

    def span_head(self, s: int, e: int) -> int:
        return self.doc[s:e].root.i

    # -- organisations -------------------------------------------------------------
    def parties(self) -> None:
        """Gazetteer parties, and capitalised runs ending in a party head word ("Labour Front",
        "Tidewater Democrats", "Workers' Compact"); the longer span wins, so "Labour Front" is
        not the gazetteer's "Labour" followed by a stray "Front"."""
        lex, doc = self.lex, self.doc
        spans = [(s, e, self.doc.vocab.strings[mid]) for mid, s, e in self.m["party"](doc)
                 if _capitalised(doc[s]) or doc[s].is_upper]
        for i, tok in enumerate(self.tokens):
            nxt = doc[i + 1].text if i + 1 < len(doc) else ""
            if tok.text in lex.party_head_words and _capitalised(tok) and nxt not in lex.party_head_words:
                s = self._run_back(i)
                if s < i or tok.pos_ == "PROPN":
                    spans.append((s, i + 1, ""))
            elif tok.lower_ in {"party", "parties"} and not _capitalised(tok) and i > 0 and _capitalised(doc[i - 1]):
                # "the Rural Voice party": the name before a lower-case 'party'
                s = self._run_back(i)
                if s < i:
                    spans.append((s, i, ""))
        aliases = _gazetteer_aliases()
        for s, e, name in _longest(spans):
            text = doc[s:e].text
            key = name or aliases.get(fold(text))
            self.add(Mention(self.para, s, e, "PoliticalParty", text, self.span_head(s, e), key=key or None))

    def _run_back(self, i: int) -> int:
        """Start of the capitalised run that ends at token i (a party or group name)."""
        doc, lex = self.doc, self.lex
        s = i
        while s > 0:
            t = doc[s - 1]
            # "Workers' Compact", "People's Alliance": a possessive inside the name
            if t.text in {"'", "’", "'s", "’s"} and s >= 2 and _capitalised(doc[s - 2]) and (
                    doc[s - 2].pos_ in {"NOUN", "PROPN"}):
                s -= 1
                continue
            if not (_capitalised(t) and t.pos_ in {"PROPN", "ADJ", "NOUN"} and (s - 1) not in self.owner
                    and t.text not in lex.name_stop_words and lex.party_adjectives.get(t.text, "") is not None
                    and not t.is_stop):
                break
            s -= 1
        return s

    def unknown_party_before_role(self, s: int) -> Mention | None:
        """A capitalised run just before a role word ("Rural Voice MP ..."): an unknown party."""
        doc, lex = self.doc, self.lex
        e = s
        s = self._run_back(s)
        if s == e:
            return None
        text = doc[s:e].text
        if text in lex.party_adjectives:
            name = lex.party_adjectives[text]
            if name is None:
                return None
        if doc[s].ent_type_ in {"GPE", "NORP", "DATE", "PERSON"} and e - s == 1 and text not in lex.party_adjectives:
            return None
        return self.add(Mention(self.para, s, e, "PoliticalParty", text, e - 1))

    def legislatures(self) -> None:
        doc = self.doc
        found = [(s, e, doc.vocab.strings[mid]) for mid, s, e in self.m["legislature"](doc)]
        # "House Leader", "Speaker of the House": the title wins over the legislature inside it
        titles = [(s, e) for _, s, e in self.m["office"](doc)]
        for s, e, name in _longest(found):
            if any(ts <= s and e <= te and te - ts > e - s for ts, te in titles):
                continue
            if _capitalised(doc[s]) and self.free(s, e):
                st = s - 1 if s > 0 and doc[s - 1].lower_ == "the" else s
                self.add(Mention(self.para, st, e, "Legislature", doc[s:e].text, self.span_head(s, e), key=fold(doc[s:e].text)))

    # -- titles and people ---------------------------------------------------------
    def titles(self) -> list[tuple[int, int, object]]:
        """(start, end, office) for each title phrase, portfolios included ("Finance Minister")."""
        doc, lex = self.doc, self.lex
        by_key = {o.key: o for o in lex.offices}
        found = [(s, e, doc.vocab.strings[mid]) for mid, s, e in self.m["office"](doc)]
        out = []
        for s, e, key in _longest(found):
            o = by_key[key]
            if o.title_case and not _capitalised(doc[s]):
                continue
            if any(i in self.owner for i in range(s, e)):
                continue
            if o.portfolio:
                # "Finance Minister" / "Minister of Finance" / "Minister for Housing"
                if s > 0 and _capitalised(doc[s - 1]) and (s - 1) not in self.owner and doc[s - 1].text not in lex.name_stop_words:
                    out.append((s - 1, e, (o, f"{doc[s - 1].text} Minister", f"Minister of {doc[s - 1].text}")))
                    continue
                if e + 1 < len(doc) and doc[e].lower_ in {"of", "for"} and _capitalised(doc[e + 1]):
                    out.append((s, e + 2, (o, f"{doc[e + 1].text} Minister", f"Minister of {doc[e + 1].text}")))
                    continue
            out.append((s, e, (o, o.label, None)))
        return out

    def name_after(self, i: int) -> int:
        """End of a personal name starting at token i (capitalised proper nouns), or i."""
        doc, lex = self.doc, self.lex
        j = i
        while j < len(doc) and j - i < 6 and j not in self.owner:
            tok = doc[j]
            # a hyphen inside a name: "Yves-Francois"
            if tok.text == "-" and j > i and not doc[j - 1].whitespace_ and j + 1 < len(doc) and _capitalised(doc[j + 1]):
                j += 1
                continue
            if not (_capitalised(tok) and tok.pos_ in {"PROPN", "NOUN", "ADJ", "VERB"} and tok.text not in lex.name_stop_words
                    and (tok.is_alpha or "-" in tok.text or tok.text.endswith("."))):
                break
            if tok.ent_type_ in {"DATE", "TIME", "CARDINAL", "ORDINAL"}:
                break
            j += 1
        # a name needs a proper noun in it
        if j > i and not any(doc[k].pos_ == "PROPN" for k in range(i, j)):
            return i
        return j

    def people(self) -> None:
        doc, lex = self.doc, self.lex
        role_words = lex.party_roles
        for s, e, (office, label, alias) in self.titles():
            if not self.free(s, e):
                continue
            # a party right before the title: "Bloc Quebecois MP", "Labour Front MP"
            party = self.owner.get(s - 1) if s > 0 else None
            if party is not None and party.kind != "PoliticalParty":
                party = None
            if party is None and s > 0 and doc[s].lower_ in role_words:
                party = self.unknown_party_before_role(s)
            self._title_person(s, e, office_mention=(office, label, alias), party=party)
        # party role words after a party: "NDP Leader X", "Bloc leader X", "Heartland backbenchers"
        for i, tok in enumerate(self.tokens):
            word, s = tok.lower_, i
            # "co-leader", "deputy-leader": a hyphenated role word
            if i >= 2 and doc[i - 1].text == "-" and not doc[i - 2].whitespace_ and f"{doc[i - 2].lower_}-{word}" in role_words:
                word, s = f"{doc[i - 2].lower_}-{word}", i - 2
            if word in role_words and self.free(s, i + 1):
                party = self.owner.get(s - 1) if s > 0 else None
                if party is None or party.kind != "PoliticalParty":
                    party = self.unknown_party_before_role(s) if _capitalised(tok) or (s > 0 and _capitalised(doc[s - 1])) else None
                if party is not None or word in {"backbencher", "backbenchers"}:
                    self._title_person(s, i + 1, office_mention=None, party=party, role=role_words[word])
        # named entities the model found
        for ent in doc.ents:
            if ent.label_ != "PERSON":
                continue
            s, e = ent.start, ent.end
            while s < e and (doc[s].text in lex.name_stop_words or doc[s].lower_ in lex.office_words() or doc[s].is_punct):
                s += 1
            while e > s and (doc[e - 1].tag_ == "POS" or doc[e - 1].is_punct):
                e -= 1
            # a given name the model left out of the entity ('Ms Priya [Menon]'): a capitalised
            # proper noun compounded onto the name, not a title, an honorific or a party word
            if s == ent.start:  # (a title trimmed off the front says where the name begins)
                while s > 0 and s < e and self._given_name(doc[s - 1], s, e):
                    s -= 1
            if s < e and self.free(s, e):
                self.add(Mention(self.para, s, e, "Person", doc[s:e].text, self.span_head(s, e)))
        # a run of two or more capitalised proper nouns the model left untyped: a name
        heads = lex.party_head_words | lex.org_head_words
        after_heads = lex.party_head_words | lex.motion_name_heads
        tokens = self.tokens

        def name_word(t: Token) -> bool:
            return t.pos_ == "PROPN" and (t.is_title or t.is_upper) and t.is_alpha and \
                t.ent_type_ in {"", "PERSON", "ORG"} and t.text not in lex.name_stop_words and t.text not in heads

        i, n = 0, len(tokens)
        while i < n:
            j = i
            while j < n and j not in self.owner and j - i < 3 and name_word(tokens[j]):
                j += 1
            # names take no article: "the NL Morning News" is a programme, not a person
            if j - i >= 2 and not (j < n and tokens[j].text in after_heads) \
                    and not (i > 0 and tokens[i - 1].lower_ in {"the", "a", "an"}) and not any(t.is_upper for t in tokens[i:j]):
                self.add(Mention(self.para, i, j, "Person", doc[i:j].text, j - 1))
            i = max(j, i + 1)

    def _given_name(self, tok: Token, s: int, e: int) -> bool:
        """Is ``tok``, right before the name ``doc[s:e]``, a given name the entity left out?"""
        lex = self.lex
        return (tok.pos_ == "PROPN" and tok.dep_ == "compound" and s <= tok.head.i < e and tok.is_title
                and tok.is_alpha and tok.ent_type_ in {"", "PERSON"} and tok.i not in self.owner and tok.text not in lex.name_stop_words
                and tok.lower_ not in lex.office_words() and tok.lower_ not in lex.honorifics
                and tok.lower_.rstrip(".") not in lex.grammar["title_words"]
                and tok.text not in lex.party_head_words and tok.lower_ not in lex.party_roles)

    def _title_person(self, s: int, e: int, office_mention, party: Mention | None, role: str | None = None) -> None:
        doc = self.doc
        roles: list[tuple[str, Mention]] = []
        office = None
        if office_mention is not None:
            o, label, alias = office_mention
            office = self.add(Mention(self.para, s, e, "Office", label, e - 1, key=o.key if not alias else fold(label),
                                      desc={"office": o, "alias": alias}))
            roles.append(("holdsOffice", office))
            if party is not None:
                roles.append(("memberOf", party))
        elif party is not None and role is not None:
            roles.append((role, party))
        # "leader of the NDP" / "MP for the Coastal League"
        if party is None and e + 1 < len(doc) and doc[e].lower_ in {"of", "for"}:
            k = e + 1 + (doc[e + 1].lower_ == "the")
            p = self.owner.get(k)
            if p is not None and p.kind == "PoliticalParty":
                rel = role or ("memberOf" if office is not None else self.lex.party_roles.get(doc[e - 1].lower_, "memberOf"))
                roles.append((rel, p))
                e_desc = p.end
            else:
                e_desc = e
        else:
            e_desc = e
        start = party.start if party is not None and party.end == s else s
        n_end = self.name_after(e)
        if n_end > e:
            name = doc[e:n_end].text
            self.add(Mention(self.para, start, n_end, "Person", name, n_end - 1, roles=roles))
            return
        # no name: a role description ("the NDP leader", "the deputy Speaker", "a Bloc MP")
        st = start
        while st > 0 and _modifier(doc[st - 1]):
            st -= 1
        det = doc[st].lower_ if st < start or doc[st].pos_ in {"DET", "PRON"} else ""
        if det == "its" or det == "his" or det == "her" or det == "their":
            desc_indef = False
        else:
            indefinite = self.lex.grammar["indefinite_determiners"]
            desc_indef = det in indefinite or (st < start and doc[st].lower_ in indefinite)
        m = Mention(self.para, st, max(e_desc, e), "Description", doc[st:max(e_desc, e)].text, e - 1, roles=roles,
                    desc={"indefinite": desc_indef, "possessor": det if det in {"its", "his", "her", "their"} else None})
        self.mentions.append(m)
        for i in range(st, max(e_desc, e)):
            self.owner[i] = m

    def descriptions(self) -> None:
        """'the chair', 'the minister', 'the leader of the X' with no name."""
        doc, lex = self.doc, self.lex
        for i, tok in enumerate(self.tokens):
            if i in self.owner:
                continue
            if tok.lower_ in lex.presiding_descriptions and i > 0 and doc[i - 1].lower_ == "the":
                self.add(Mention(self.para, i - 1, i + 1, "Description", doc[i - 1:i + 1].text, i, desc={"presiding": True}))
            elif tok.lower_ in lex.party_roles and i > 0 and doc[i - 1].lower_ in {"its", "their"}:
                # "Its leader, X," : the organisation is the one last mentioned (resolve stage)
                self.add(Mention(self.para, i - 1, i + 1, "Description", doc[i - 1:i + 1].text, i,
                                 desc={"possessor": doc[i - 1].lower_, "role": lex.party_roles[tok.lower_]}))
            elif tok.lower_ in {"leader", "head"} and i + 2 < len(doc) and doc[i + 1].lower_ == "of":
                k = i + 2 + (doc[i + 2].lower_ == "the")
                p = self.owner.get(k)
                if p is not None and p.kind == "PoliticalParty":
                    st = i
                    while st > 0 and _modifier(doc[st - 1]):
                        st -= 1
                    det = doc[st].lower_
                    m = Mention(self.para, st, p.end, "Description", doc[st:p.end].text, i,
                                roles=[("leaderOf", p)], desc={"indefinite": det in lex.grammar["indefinite_determiners"],
                                                               "possessor": det if det in {"its", "his", "her", "their"} else None})
                    self.mentions.append(m)
                    for j in range(st, i + 1):
                        self.owner[j] = m

    def pronouns_and_relatives(self) -> None:
        doc = self.doc
        rel = self.lex.grammar["relative_pronouns"]
        gender = self.lex.grammar["pronoun_gender"]
        # a pronoun inside a direct quote speaks from the speaker's point of view, not the story's
        from kg.extract.quotes import QUOTE
        quoted = None  # found at the first pronoun (doc.text is made anew on each call)
        for i, tok in enumerate(self.tokens):
            low = tok.lower_
            if (low not in gender and low not in rel) or i in self.owner:
                continue
            if quoted is None:
                quoted = [(q.start(), q.end()) for q in QUOTE.finditer(doc.text)]
            if any(s <= tok.idx < e for s, e in quoted):
                continue
            if low in gender and tok.pos_ == "PRON":
                self.add(Mention(self.para, i, i + 1, "Pronoun", tok.text, i, desc={"gender": gender[low]}))
            elif low in rel and tok.dep_ in _SUBJECT_DEPS | {"dobj", "pobj"} and tok.head.dep_ == "relcl":
                self.add(Mention(self.para, i, i + 1, "Relative", tok.text, i))

    def motions(self, named_only: bool = False) -> None:
        doc, lex = self.doc, self.lex
        for i, tok in enumerate(self.tokens):
            if i in self.owner or (named_only and tok.text not in lex.motion_name_heads):
                continue
            # a named bill: capitalised run ending in Bill/Act ("Water Services Bill")
            if tok.text in lex.motion_name_heads and i > 0 and _capitalised(doc[i - 1]) and doc[i - 1].pos_ == "PROPN":
                s = i
                while s > 0 and _capitalised(doc[s - 1]) and doc[s - 1].pos_ in {"PROPN", "ADJ"} and (s - 1) not in self.owner:
                    s -= 1
                self.add(Mention(self.para, s, i + 1, "Motion", doc[s:i + 1].text, i, key=fold(doc[s:i + 1].text),
                                 desc={"named": True, "noun": tok.lower_}))
            elif tok.lemma_.lower() in lex.motion_nouns and tok.pos_ == "NOUN":
                self.add(Mention(self.para, i, i + 1, "Motion", _motion_label(tok), i, desc={"named": False, "noun": tok.lemma_.lower()}))


def _motion_label(tok: Token) -> str:
    """A readable label for a motion from its noun phrase: 'motion to recognize ...'."""
    grammar = lexicon.load().grammar
    keep = [c for c in tok.children if c.dep_ in {"amod", "compound", "nmod", "acl", "nummod"}
            or (c.dep_ == "prep" and c.lower_ in grammar["motion_label_prepositions"])]
    words = sorted({t for c in keep for t in c.subtree} | {tok}, key=lambda t: t.i)
    words = [t for t in words if t.dep_ not in {"poss", "case", "relcl"} and (t.dep_ != "det" or t.lower_ == "no")]
    cut = next((k for k, t in enumerate(words) if t.i > tok.i and (t.lower_ in grammar["label_stop_words"] or t.is_punct)), len(words))
    text = " ".join(t.text for t in words[:min(cut, 16)])
    return text.replace(" 's", "'s").strip(" ,.")


def find(doc: Doc, para: int, nlp: Language) -> list[Mention]:
    """All mentions in a parsed paragraph, in text order."""
    f = _Finder(doc, para, nlp)
    f.parties()
    f.legislatures()
    f.motions(named_only=True)
    f.people()
    f.descriptions()
    f.motions()
    f.pronouns_and_relatives()
    f.mentions.sort(key=lambda m: (m.start, -m.end))
    return f.mentions


def attach_roles(doc: Doc, para: int, mentions: list[Mention], nlp: Language) -> None:
    """Roles stated beside a name, once every name of the document is known (after
    :func:`second_pass`): appositions, parentheses, relative clauses."""
    f = _Finder(doc, para, nlp)
    for m in sorted(mentions, key=lambda m: (m.end - m.start), reverse=True):
        f.mentions.append(m)
        for i in range(m.start, m.end):
            prev = f.owner.get(i)
            if prev is None or m.end - m.start < prev.end - prev.start:
                f.owner[i] = m
    _attach_appositions(f)
    mentions[:] = sorted(f.mentions, key=lambda m: (m.start, -m.end))


def _attach_appositions(f: _Finder) -> None:
    """Roles stated beside a name: 'X, the leader of Y', 'X (Y Party)', 'X, who leads Y', 'Its leader, X,'."""
    doc, lex = f.doc, f.lex
    people = [m for m in f.mentions if m.kind == "Person"]
    for m in people:
        e = m.end
        # "Rep. X (D-Ohio)": a party initial before the state
        if e + 2 < len(doc) and doc[e].text == "(" and doc[e + 1].text in lex.party_abbreviations \
                and doc[e + 2].text in {"-", "–"}:
            name = lex.party_abbreviations[doc[e + 1].text]
            p = f.add(Mention(f.para, e + 1, e + 2, "PoliticalParty", name, e + 1, key=name))
            m.roles.append(("memberOf", p))
        # "X (Lantern Party)"
        elif e + 2 < len(doc) and doc[e].text == "(":
            p = f.owner.get(e + 1)
            if p is None and doc[e + 1].text[:1].isupper():
                close = next((k for k in range(e + 1, min(e + 8, len(doc))) if doc[k].text == ")"), None)
                if close and f.free(e + 1, close):
                    p = f.add(Mention(f.para, e + 1, close, "PoliticalParty", doc[e + 1:close].text, close - 1))
            if p is not None and p.kind == "PoliticalParty":
                m.roles.append(("memberOf", p))
        # "X, the leader of the Y," / "X, a member of the governing Y" / "X, a first-term MP for the Y"
        if e + 1 < len(doc) and doc[e].text == ",":
            d = next((f.owner[k] for k in range(e + 1, min(e + 6, len(doc))) if k in f.owner
                      and f.owner[k].kind in {"Description", "Office"}), None)
            appos = [c for c in doc[m.head].children if c.dep_ == "appos"]
            if appos and appos[0].i in f.owner and f.owner[appos[0].i].kind in {"Description", "Office"}:
                d = f.owner[appos[0].i]
            if d is not None and d.kind == "Office" and all(doc[k].pos_ in {"DET", "NOUN", "PART", "ADJ", "PROPN"}
                                                             or doc[k].text in {"'s", "’s"} for k in range(e + 1, d.start)):
                m.roles.append(("holdsOffice", d))
                d = None
            if d is not None and d.kind == "Description" and all(
                    doc[k].pos_ in {"DET", "ADJ", "NOUN", "PART", "PUNCT", "PROPN", "NUM"} for k in range(e + 1, d.start)):
                m.roles.extend(d.roles)
                d.antecedent = m
            else:
                _member_phrase(f, m, e + 1)
        # "X, who leads/chairs the Y"
        head = doc[m.head]
        for c in head.children:
            if c.dep_ == "relcl" and c.lemma_ in lex.lead_verbs:
                for o in c.children:
                    if o.dep_ == "dobj":
                        p = f.owner.get(o.i) or next((f.owner[t.i] for t in o.subtree if t.i in f.owner
                                                      and f.owner[t.i].kind == "PoliticalParty"), None)
                        if p is not None and p.kind == "PoliticalParty":
                            m.roles.append(("leaderOf", p))
                        elif c.lemma_ == "chair":
                            chunk = " ".join(t.text for t in o.subtree if t.dep_ != "det")
                            om = f.add(Mention(f.para, o.left_edge.i, o.right_edge.i + 1, "Office",
                                               f"Chair of the {chunk}", o.i, key=fold(f"chair of the {chunk}")))
                            m.roles.append(("holdsOffice", om))
    # "Its leader, X," / "a Bloc MP – X –": a description followed by a name in apposition
    for d in [x for x in f.mentions if x.kind == "Description"]:
        k = d.end
        if k + 1 < len(doc) and doc[k].text in {",", "–", "—", "-", "("}:
            p = f.owner.get(k + 1)
            if p is not None and p.kind == "Person":
                p.roles.extend(r for r in d.roles if r not in p.roles)
                d.antecedent = p


def _member_phrase(f: _Finder, m: Mention, k: int) -> None:
    """'X, a member of the Y' / 'X, a Y veteran' / 'X, a first-term MP for the Y'."""
    doc, lex = f.doc, f.lex
    end = min(len(doc), k + 10)
    for i in range(k, end):
        if doc[i].text in {",", ";", ".", "said", "says"}:
            break
        p = f.owner.get(i)
        if p is not None and p.kind == "PoliticalParty":
            before = {t.lower_ for t in doc[k:i]}
            after = doc[p.end].lower_ if p.end < len(doc) else ""
            if before & lex.member_nouns or after in lex.member_nouns or before & {"of", "for"}:
                rel = "leaderOf" if "leader" in before or after == "leader" else "memberOf"
                m.roles.append((rel, p))
            break
        if p is not None and p.kind == "Office" and (("holdsOffice", p) not in m.roles):
            m.roles.append(("holdsOffice", p))


def second_pass(docs: list[Doc], found: list[list[Mention]]) -> None:
    """One type per name across a document: once 'Ada Okoro' is a person, a bare
    'Okoro' tagged GPE elsewhere is that person too; likewise party names; a capitalised
    word one or two edits from a known surname ('Hallburg') is taken as that surname."""
    from kg.resolve.document import typo_match  # local: resolve imports this module's types

    lex = lexicon.load()
    party_names = {m.name: m for ms in found for m in ms if m.kind == "PoliticalParty"}
    party_forms: dict[str, Mention] = {}
    for name in sorted(party_names, key=len, reverse=True):
        toks = name.split()
        party_forms.setdefault(name, party_names[name])
        if len(toks) > 2 and toks[-1] == "Party":
            party_forms.setdefault(" ".join(toks[:-1]), party_names[name])
    # a 'person' whose name is one of the document's party names is that party ("Green Dawn officials")
    folded_parties = {fold(n): m for n, m in party_forms.items()}
    for para, ms in enumerate(found):
        for i, m in enumerate(ms):
            p = folded_parties.get(fold(m.name)) if m.kind == "Person" and not m.roles else None
            if p is not None:
                ms[i] = Mention(para, m.start, m.end, "PoliticalParty", m.name, m.head, key=p.key)
    person_tokens: set[str] = set()
    surnames: set[str] = set()
    for ms in found:
        for m in ms:
            if m.kind == "Person":
                toks = [t for t in m.name.replace("-", " ").split() if t[:1].isupper() and len(t) > 1]
                person_tokens.update(toks)
                if len(toks) > 1:
                    surnames.add(toks[-1])
    for para, (doc, ms) in enumerate(zip(docs, found)):
        owned = {i for m in ms for i in range(m.start, m.end)}
        i = 0
        while i < len(doc):
            tok = doc[i]
            if i in owned or not tok.text[:1].isupper() or tok.text in lex.name_stop_words:
                i += 1
                continue
            # a party name again, with or without "Party" ("Civic Renewal" after "Civic Renewal Party")
            hit = None
            for form, m in party_forms.items():
                n = len(form.split())
                if doc[i:i + n].text == form and all(k not in owned for k in range(i, i + n)):
                    hit = (n, m)
                    break
            if hit is not None:
                n, m = hit
                ms.append(Mention(para, i, i + n, "PoliticalParty", doc[i:i + n].text, i + n - 1, key=m.key))
                owned.update(range(i, i + n))
                i += n
                continue
            # a known surname the tagger took for a common noun ('Maseko later apologised'), where a
            # name can stand: as a subject or an object, not inside a noun phrase ('Price rises')
            known = tok.pos_ == "PROPN" or (tok.pos_ == "NOUN" and tok.text in surnames
                                            and tok.dep_ in {"nsubj", "nsubjpass", "dobj", "pobj", "appos"})
            if known and tok.text in person_tokens:
                j = i
                while j < len(doc) and j not in owned and doc[j].text in person_tokens:
                    j += 1
                ms.append(Mention(para, i, j, "Person", doc[i:j].text, j - 1))
                owned.update(range(i, j))
                i = j
                continue
            if tok.pos_ in {"PROPN", "NOUN", "ADJ", "VERB"} and tok.is_alpha and any(typo_match(tok.text, s) for s in surnames) \
                    and tok.text not in person_tokens and tok.ent_type_ not in {"DATE", "NORP"}:
                s = next(s for s in surnames if typo_match(tok.text, s))
                ms.append(Mention(para, i, i + 1, "Person", s, i, desc={"misspelt": tok.text}))
                owned.add(i)
            i += 1
        ms.sort(key=lambda m: (m.start, -m.end))
