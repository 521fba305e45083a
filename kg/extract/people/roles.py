"""Roles stated beside a name: appositions ('X, the leader of Y'), parentheses ('X (Y Party)'),
relative clauses ('X, who leads Y') and member phrases ('X, a member of the Y')."""

from __future__ import annotations

from kg.extract.people.epithets import qualified_title_end
from kg.extract.people.finder import Finder, capitalised, leader_words
from kg.extract.people.lists import party_of_list
from kg.extract.people.organisations import gazetteer_key, party_initials, party_word
from kg.extract.people.predicates import fellow, party_context, predicate_role, such_as
from kg.extract.people.tenure import clause_end, drop_past_offices, in_past, past_tenure, year_span
from kg.model import Mention, fold


def appositions(f: Finder) -> None:
    """Roles stated beside a name: 'X, the leader of Y', 'X (Y Party)', 'X, who leads Y', 'Its leader, X,'."""
    doc, lex = f.doc, f.lex
    people = [m for m in f.mentions if m.kind == "Person"]
    for m in people:
        e = m.end
        # "former Labour MP X": a past membership is none
        m.roles[:] = [
            (r, p)
            for r, p in m.roles
            if not (
                r == "memberOf"
                and p.kind == "PoliticalParty"
                and p.end <= m.start
                and p.start > 0
                and doc[p.start - 1].lower_ in lex.membership_ends
            )
        ]
        past = past_tenure(f, m)
        party_before(f, m)
        fellow(f, m)
        party_after(f, m)
        leads_clause(f, m)
        party_of_list(f, m)
        such_as(f, m)
        party_context(f, m)
        # "Rep. X (D-Ohio)", "X (Con, Bath)", "(D)", "(D., Calif.)": a party initial before the seat ('(D- Ohio)': one
        # token 'D-'); "Rep. X, R-Ohio,": after a comma, with its dash
        if (
            e + 3 < len(doc)
            and (
                (doc[e].text == "(" and doc[e + 2].text in {"-", "–", ",", ")"})
                or (doc[e].text == "," and doc[e + 2].text in {"-", "–"} and capitalised(doc[e + 3]))
            )
            and (name := party_initials(f, doc[e + 1].text.rstrip(".")))
        ) or (
            e + 2 < len(doc)
            and doc[e].text == "("
            and doc[e + 1].text[-1:] in {"-", "–"}
            and (name := party_initials(f, doc[e + 1].text[:-1]))
        ):
            p = f.owner.get(e + 1)
            if p is None or p.kind != "PoliticalParty":
                p = f.add(Mention(f.para, e + 1, e + 2, "PoliticalParty", name, e + 1, key=gazetteer_key(name)))
            elif p.key is None and p.end == e + 2:
                # (an abbreviation found as a party: the bracket's reading names it)
                p.name, p.key = name, gazetteer_key(name)
            m.roles.append(("memberOf", p))
        # "X (Lantern Party)"
        elif e + 2 < len(doc) and doc[e].text == "(":
            # "X (from the Civic Platform party)": past a preposition and an article
            j = e + 1
            while j < min(e + 3, len(doc) - 1) and doc[j].pos_ in {"ADP", "DET"} and doc[j].is_lower:
                j += 1
            p = f.owner.get(j)
            if p is None and doc[e + 1].text[:1].isupper():
                close = next((k for k in range(e + 1, min(e + 8, len(doc))) if doc[k].text == ")"), None)
                # "X (Lantern Party)": a name ending in a party word, not "Zachary (Surname)" or "(NSW)"
                if close and f.free(e + 1, close) and doc[close - 1].text in lex.party_head_words:
                    p = f.add(Mention(f.para, e + 1, close, "PoliticalParty", f.span_text(e + 1, close), close - 1))
            if p is not None and p.kind == "PoliticalParty":
                m.roles.append(("memberOf", p))
        # "Representative X of Florida, a member of the Y": past the state a member sits for
        if e + 2 < len(doc) and doc[e].lower_ == "of" and doc[e + 1].ent_type_ == "GPE" and (e + 1) not in f.owner:
            k = e + 2
            while k < len(doc) and doc[k].ent_iob_ == "I" and k not in f.owner:
                k += 1
            # (an apposition after the comma: not 'X of California, through a motion filed by Representative Y')
            if (
                k + 1 < len(doc)
                and doc[k].text == ","
                and (
                    doc[k + 1].lower_ in {"a", "an", "the"}
                    or ((k + 1) in f.owner and f.owner[k + 1].kind in {"Office", "Description"})
                )
            ):
                e = k
        # "X, the leader of the Y," / "X, a member of the governing Y" / "X, a first-term MP for the Y"
        if e + 1 < len(doc) and doc[e].text == ",":
            d = next(
                (
                    f.owner[k]
                    for k in range(e + 1, min(e + 6, len(doc)))
                    if k in f.owner and f.owner[k].kind in {"Description", "Office"}
                ),
                None,
            )
            appos = [c for c in doc[m.head].children if c.dep_ == "appos"]
            if appos and appos[0].i in f.owner and f.owner[appos[0].i].kind in {"Description", "Office"}:
                d = f.owner[appos[0].i]
            # "A, Labour MP (Member of Parliament) B, and C": a title of the next name, not A's
            if d is not None and _titles_next_name(f, d):
                continue
            # "X, Speaker from 2011 to 2015,": an office of a span of years is past
            if d is not None and year_span(f, d.end, clause_end(f, d.end)):
                continue
            if (
                d is not None
                and d.kind == "Office"
                and all(
                    doc[k].pos_ in {"DET", "NOUN", "PART", "ADJ", "PROPN"} or doc[k].text in {"'s", "’s"}
                    for k in range(e + 1, d.start)
                )
            ):
                m.roles.append(("holdsOffice", d))
                # "X, the Democratic Speaker of the House": a party word before the office
                party_between(f, m, e + 1, d.start)
                d = None
            if (
                d is not None
                and d.kind == "Description"
                and all(
                    doc[k].pos_ in {"DET", "ADJ", "NOUN", "PART", "PUNCT", "PROPN", "NUM"}
                    for k in range(e + 1, d.start)
                )
            ):
                m.roles.extend(d.roles)
                d.antecedent = m
                # "X, the Democratic Speaker of the House": a party word before the title
                if not any(r[1].kind == "PoliticalParty" for r in d.roles):
                    stop = next((k for k in range(d.start, d.end) if doc[k].lower_ in {"of", "for"}), d.end)
                    party_between(f, m, e + 1, stop)
            else:
                member_phrase(f, m, e + 1)
        # "X, who leads/chairs the Y"
        head = doc[m.head]
        for c in head.children:
            if c.dep_ == "relcl" and c.lemma_ in lex.lead_verbs and not in_past(c):
                for o in c.children:
                    if o.dep_ == "dobj":
                        p = f.owner.get(o.i) or next(
                            (
                                f.owner[t.i]
                                for t in o.subtree
                                if t.i in f.owner and f.owner[t.i].kind == "PoliticalParty"
                            ),
                            None,
                        )
                        if p is not None and p.kind == "PoliticalParty":
                            m.roles.append(("leaderOf", p))
                        elif c.lemma_ == "chair":
                            chunk = " ".join(t.text for t in o.subtree if t.dep_ != "det")
                            om = f.add(
                                Mention(
                                    f.para,
                                    o.left_edge.i,
                                    o.right_edge.i + 1,
                                    "Office",
                                    f"Chair of the {chunk}",
                                    o.i,
                                    key=fold(f"chair of the {chunk}"),
                                )
                            )
                            m.roles.append(("holdsOffice", om))
        if past is not None:
            drop_past_offices(f, m, past)
    # "Its leader, X," / "a Bloc MP – X –": a description followed by a name in apposition
    for d in [x for x in f.mentions if x.kind == "Description"]:
        k = d.end
        _coordinated_title(f, d)
        # "The Speaker of the Lok Sabha, X,": past the house of the title
        if k + 1 < len(doc) and doc[k].lower_ == "of":
            h = f.owner.get(k + 1 + (doc[k + 1].lower_ == "the"))
            if h is not None and h.kind == "Legislature":
                k = h.end
        k = qualified_title_end(f, d) if k == d.end else k
        if k + 1 < len(doc) and doc[k].text in {",", "–", "—", "-", "("}:
            # (past an honorific: 'The deputy speaker, Ms X,')
            j = k + 1 + (doc[k + 1].lower_ in lex.honorifics)
            p = f.owner.get(j)
            # "One Labour member, Councillor X,": the name with its title
            if p is not None and p.kind == "Office":
                p = next((x for x in f.mentions if x.kind == "Person" and x.start == j), p)
            # "Labour MP (Member of Parliament) X": past a bracket that glosses the title
            if (p is None or p.kind != "Person") and _titles_next_name(f, d):
                p = f.owner.get(next(j + 1 for j in range(k, len(doc)) if doc[j].text == ")"))
            if p is not None and p.kind == "Person":
                # "Three former Labour MPs, X and Y": a past membership is none
                past = any(t.lower_ in lex.membership_ends for t in doc[max(0, d.start - 1) : d.end])
                p.roles.extend(r for r in d.roles if r not in p.roles and not (past and r[0] == "memberOf"))
                d.antecedent = p
                if "seat" in d.desc:
                    p.desc.setdefault("seat", d.desc["seat"])


def party_before(f: Finder, m: Mention) -> None:
    """'Republican Kevin Marsh', 'Labour MP Tom Ferris', 'Democratic committee chairman X', 'the
    city's Democratic mayor X', 'Gabriela party-list representative X': a party word before a name, over title and
    role words between."""
    doc, lex = f.doc, f.lex
    i = m.start - 1
    while i >= 0 and m.start - i <= 4 + (m.start > 2 and doc[m.start - 3].tag_ == "HYPH"):
        t = doc[i]
        # "Labour's Tom Ferris", "Likud's Transport Minister X": a party's possessive before the
        # name, over titles only (not "Labour's critic X", "Labour's former MP X")
        if t.tag_ == "POS" and i > 0:
            p = f.owner.get(i - 1)
            if (p is None or p.kind != "PoliticalParty") and capitalised(doc[i - 1]) and (i - 1) not in f.owner:
                p = party_word(f, i - 1)
            if (
                p is not None
                and p.kind == "PoliticalParty"
                and all(k in f.owner and f.owner[k].kind == "Office" for k in range(i + 1, m.start))
                and not (p.start > 0 and doc[p.start - 1].lower_ in lex.membership_ends)
                and not any(r[1] is p for r in m.roles)
            ):
                m.roles.append(("memberOf", p))
            return
        p = party_word(f, i) if capitalised(t) and t.pos_ in {"PROPN", "ADJ", "NOUN"} else None
        if p is not None:
            # "former Republican senator X": a past membership
            past = i > 0 and doc[i - 1].lower_ in lex.membership_ends
            # "BJP chief X": a head's word alone between the party and the name
            head = m.start - p.end == 1 and doc[p.end].lower_ in lex.grammar["party_head_titles"]
            if not past and ("memberOf", p) not in m.roles and ("leaderOf", p) not in m.roles:
                m.roles.append(("leaderOf" if head else "memberOf", p))
            return
        o = f.owner.get(i)
        # title and role words between: 'Representative', 'state representative', 'committee member'; a
        # past title's marker after the party word ('Democratic challenger former Vice President X')
        if (
            (o is not None and o.kind in {"Office", "Description"})
            or (o is None and t.pos_ in {"NOUN", "PROPN"} and t.is_alpha and not t.ent_type_)
            # "Gabriela party-list representative X": a hyphen inside a compound role word
            or (o is None and t.tag_ == "HYPH" and not t.whitespace_ and i > 0 and not doc[i - 1].whitespace_)
            or (o is None and t.lower_ in lex.not_current and capitalised(doc[i + 1]))
        ):
            i -= 1
            continue
        return


def _titles_next_name(f: Finder, d: Mention) -> bool:
    """Is a person's name right after ``d`` (past a bracket), so that ``d`` is that name's title?"""
    doc, k = f.doc, d.end
    if k < len(doc) and doc[k].text == "(":
        k = next((j + 1 for j in range(k, min(k + 8, len(doc))) if doc[j].text == ")"), k)
    p = f.owner.get(k)
    return p is not None and p.kind == "Person"


def party_between(f: Finder, m: Mention, s: int, e: int) -> None:
    """A party word among doc[s:e] (the modifiers of a title) makes ``m`` its member, unless a
    word before it makes the membership past ('a former Republican senator')."""
    doc, lex = f.doc, f.lex
    for k in range(s, e):
        if doc[k].lower_ in lex.membership_ends:
            return
        p = party_word(f, k) if capitalised(doc[k]) else None
        if p is not None:
            if ("memberOf", p) not in m.roles:
                m.roles.append(("memberOf", p))
            return


def party_after(f: Finder, m: Mention) -> None:
    """'Polish leader X of the conservative Law and Justice Party', 'Senator X of the Y Party':
    'of' (the, adjectives) and a party right after the name; a leader's title before the name
    makes it a leadership."""
    doc, lex = f.doc, f.lex
    k = m.end
    if k >= len(doc) or doc[k].lower_ != "of":
        return
    k += 1
    # (and its modifiers: 'of the conservative P', 'of the ruling P', 'of the opposition P')
    while k < len(doc) and (
        doc[k].lower_ in {"the", "its"} or (doc[k].tag_ in {"JJ", "VBG", "NN"} and doc[k].is_lower)
    ):
        k += 1
    p = f.owner.get(k)
    if p is None or p.kind != "PoliticalParty" or any(r[1] is p for r in m.roles):
        return
    before = doc[m.start - 1].lower_ if m.start > 0 else ""
    m.roles.append((lex.party_roles.get(before, "memberOf") if before in {"leader", "head"} else "memberOf", p))


def leads_clause(f: Finder, m: Mention) -> None:
    """'X heads the Liberal Party', 'X leads the Y': a person, subject of a lead verb in the
    present tense, whose object is a party (a past tense may be history: no role)."""
    doc, lex = f.doc, f.lex
    head = doc[m.head]
    verb = head.head
    predicate_role(f, m)
    if (
        head.dep_ != "nsubj"
        or verb.lemma_ not in lex.lead_verbs
        or verb.tag_ not in {"VBZ", "VBP"}
        or any(c.dep_ == "neg" for c in verb.children)
    ):
        return
    for o in verb.children:
        if o.dep_ == "dobj":
            p = f.owner.get(o.i)
            if p is not None and p.kind == "PoliticalParty" and ("leaderOf", p) not in m.roles:
                m.roles.append(("leaderOf", p))


def member_phrase(f: Finder, m: Mention, k: int) -> None:
    """'X, a member of the Y' / 'X, a Y veteran' / 'X, a first-term MP for the Y' (not 'an aide to the President')."""
    doc, lex = f.doc, f.lex
    end = min(len(doc), k + 10)
    for i in range(k, end):
        if doc[i].text in {",", ";", ".", "said", "says"}:
            break
        p = f.owner.get(i)
        # "X, the Democratic chairman of the committee": a party word before a role noun
        if (
            p is None
            and i + 1 < end
            and capitalised(doc[i])
            and doc[i + 1].pos_ == "NOUN"
            and doc[i + 1].is_lower
            and f.lex.party_adjectives.get(doc[i].text)
            and not {t.lower_ for t in doc[k:i]} & lex.membership_ends
        ):
            p = party_word(f, i)
            if p is not None:
                m.roles.append(("memberOf", p))
            break
        # "X, a Democrat from Ohio,", "X, a Republican,", "X, a Maine Democrat,": a party noun after the article
        # (and a place)
        if (
            (
                i == k + 1
                or (i == k + 2 and doc[k + 1].ent_type_ == "GPE" and doc[k + 1].i not in f.owner)
                # "X, the most senior Democrat on the committee", "X, the top Republican on the panel"
                or (
                    doc[k].lower_ == "the"
                    and all(
                        doc[j].pos_ in {"ADJ", "ADV"} and doc[j].lower_ not in lex.not_current for j in range(k + 1, i)
                    )
                )
            )
            and doc[k].lower_ in {"a", "an", "the"}
            and (p is None or p.kind == "PoliticalParty")
            and capitalised(doc[i])
            and doc[i].tag_ == "NNP"
            and f.lex.party_adjectives.get(doc[i].text)
            and not (i + 1 < end and doc[i + 1].pos_ in {"NOUN", "PROPN"})
        ):
            p = party_word(f, i)
            if p is not None and ("memberOf", p) not in m.roles:
                m.roles.append(("memberOf", p))
            break
        if p is not None and p.kind == "PoliticalParty":
            before = {t.lower_ for t in doc[k:i]}
            after = doc[p.end].lower_ if p.end < len(doc) else ""
            # (not 'X, the then chair and spokesperson for the Greens': a past role)
            if not before & lex.membership_ends and (
                before & (lex.member_nouns | {"of", "for"}) or after in lex.member_nouns
            ):
                lw, second = leader_words(lex), lex.grammar["second_in_command_words"]
                # "X, the chief of the P" (not 'chief whip of the P'): a head's word right before 'of'
                of = max((j for j in range(k, i) if doc[j].lower_ == "of"), default=k)
                head = of > k and doc[of - 1].lower_ in lex.grammar["party_head_titles"]
                # (not 'leader of the council's Labour group': a bloc of the party's members, not the party)
                lead = (
                    (before & lw or after in lw or head)
                    and not before & second
                    and after not in lex.grammar["member_group_nouns"]
                )
                m.roles.append(("leaderOf" if lead else "memberOf", p))
            break
        to = p is not None and doc[p.start - 1 - (doc[p.start - 1].lower_ == "the")].lower_ == "to"
        if p is not None and p.kind == "Office" and (("holdsOffice", p) not in m.roles) and not to:
            m.roles.append(("holdsOffice", p))


def _coordinated_title(f: Finder, d: Mention) -> None:
    """'Conservative Party leader and Prime Minister X', 'Deputy Prime Minister for Finance and
    Minister of Economy X': a role description joined by 'and' to a title before a name is that
    name's role too."""
    doc, k = f.doc, d.end
    # (past a portfolio: 'for Finance')
    if k + 1 < len(doc) and doc[k].lower_ in {"for", "of"} and doc[k + 1].text[:1].isupper() and k + 1 not in f.owner:
        k += 1
        while k < len(doc) and doc[k].text[:1].isupper() and k not in f.owner and k - d.end < 5:
            k += 1
    if k + 1 >= len(doc) or doc[k].lower_ != "and" or d.desc.get("indefinite"):
        return
    p = next((x for x in f.mentions if x.kind == "Person" and x.start == k + 1), None)
    if p is None or not any(r == "holdsOffice" and o.start == p.start for r, o in p.roles):
        return
    p.roles.extend(r for r in d.roles if r not in p.roles)
    d.antecedent = p
