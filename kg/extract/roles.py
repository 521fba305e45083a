"""Roles stated beside a name: appositions ('X, the leader of Y'), parentheses ('X (Y Party)'),
relative clauses ('X, who leads Y') and member phrases ('X, a member of the Y')."""

from __future__ import annotations

from kg.extract.finder import Finder
from kg.model import Mention, fold


def appositions(f: Finder) -> None:
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
                member_phrase(f, m, e + 1)
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


def member_phrase(f: Finder, m: Mention, k: int) -> None:
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
