"""Resolve stage, pronouns and relatives: 'he', 'she', 'it', 'they' join the nearest fitting
antecedent (a gender learnt from honorifics, first names and the pronouns already resolved), and
'who'/'which' the mention it stands for. A mixin of :class:`kg.resolve.document.DocumentResolver`,
whose mentions, parsed paragraphs and genders it reads.
"""

from __future__ import annotations

from bisect import bisect_left
from functools import cached_property

from kg.model import Entity, Mention
from kg.nlp import syntax
from kg.nlp.parse import Paragraph

#: the kinds of mention that name an organisation (a party, a legislature, another body)
ORGISH = frozenset({"PoliticalParty", "Organization", "Legislature"})


class PronounResolver:
    """Pronoun and relative resolution over ``self.mentions``, ``self.paragraphs`` (and their ``self.docs``)
    and ``self.gender``."""

    mentions: list[Mention]
    paragraphs: list[Paragraph]
    docs: list
    gender: dict[int, str]

    @cached_property
    def _orders(self) -> list[tuple[int, int]]:
        """Each mention's ``order``, as in ``mentions`` (sorted by it, never moved while they resolve)."""
        return [x.order for x in self.mentions]

    def _between(self, first: tuple[int, ...], before: tuple[int, ...]) -> list[Mention]:
        """The mentions ``x`` with ``first <= x.order < before``, in order (``first`` = ``(para,)``: from
        the paragraph's first): a window cut from the sorted mentions, not filtered from all of them."""
        orders = self._orders
        return self.mentions[bisect_left(orders, first) : bisect_left(orders, before)]

    def _sentence_start(self, m: Mention) -> int:
        """Where the sentence of the mention's head begins (:meth:`kg.nlp.parse.Paragraph.sent`: a token's
        ``sent`` walks the tokens to both ends of its sentence, each time; the rounds ask again)."""
        return self.paragraphs[m.para].sent(m.head).start

    def pronouns(self) -> None:
        """Resolve pronouns in rounds: each round lets every resolved he/she vote on its
        person's gender (an unambiguous pronoun counts double), and the next round resolves
        again with the genders the votes settle ("... talking over him. She has not ...")."""
        fixed = dict(self.gender)  # from honorifics: never overruled
        for round_ in range(3):
            votes: dict[int, dict[str, int]] = {}
            for m in self.mentions:
                if m.kind == "Relative":
                    m.entity = self._relative_antecedent(m)
                elif m.kind == "Pronoun":
                    m.entity = self._pronoun_antecedent(m)
                    g = m.desc.get("gender")
                    if m.entity is not None and g in {"male", "female"} and m.entity.kind == "Person":
                        v = votes.setdefault(id(m.entity), {})
                        v[g] = v.get(g, 0) + (2 if self._confident(m) else 1)
            if round_ == 2:
                break
            learnt = dict(fixed)
            for eid, v in votes.items():
                g, n = max(v.items(), key=lambda kv: kv[1])
                if n > sum(v.values()) - n:
                    learnt.setdefault(eid, g)
            if learnt == self.gender and round_ > 0:
                break
            self.gender = learnt
        # "X joined his fellow Labour MPs": a role stated on a pronoun is its referent's
        for m in self.mentions:
            if m.kind == "Pronoun" and m.roles and m.entity is not None and m.entity.kind == "Person":
                m.entity.roles.update((r, o.entity) for r, o in m.roles if o.entity is not None)
        # a party's leader is no mere member of it ('X said his Labour Party' and 'Labour MP X')
        for e in {id(m.entity): m.entity for m in self.mentions if m.entity is not None}.values():
            e.roles -= {("memberOf", o) for r, o in e.roles if r == "leaderOf"}

    def _relative_antecedent(self, m: Mention) -> Entity | None:
        """What 'which'/'who' stands for: a mention just before it ('Ana Ruiz, who ...'); else the
        mention the relative clause hangs on, climbing out of the noun phrase the parser hung it on
        ('a motion to adjourn the debate, which the Greens opposed': 'debate' -> 'adjourn' ->
        'motion')."""
        candidates = [
            x
            for x in self._between((m.para,), (m.para + 1,))
            if x.kind not in {"Relative", "Pronoun"} and x.entity is not None and x.end <= m.start
        ]
        prev = [x for x in candidates if m.start - x.end <= 2]
        if prev:
            # the mention that ends nearest, the whole name over the title inside it ('state
            # representative X who ...': X)
            return max(prev, key=lambda x: (x.end, x.end - x.start)).entity
        clause = self.docs[m.para][m.head].head
        if clause.dep_ != "relcl":
            return None
        noun = clause.head
        for _ in range(4):
            owner = next((x for x in candidates if x.start <= noun.i < x.end), None)
            if owner is not None:
                return owner.entity
            if noun.dep_ not in {"dobj", "pobj", "prep", "acl", "compound"} or noun.head.i == noun.i:
                return None
            noun = noun.head
        return None

    def _pronoun_antecedent(self, m: Mention) -> Entity | None:
        g = m.desc.get("gender")
        if g in {"plural", "neuter"}:
            # "it" may be a motion ("voted against it"); "they" a party
            kinds = (ORGISH - {"Legislature"}) | ({"Motion"} if g == "neuter" else set())
            # ('Acme said it would apologise'; but 'calling it a disgrace' is about a thing, not a company)
            if g == "neuter" and self.docs[m.para][m.head].dep_ not in {"nsubj", "nsubjpass"}:
                kinds -= {"Organization"}
            cands = [
                x
                for x in self._between((m.para - 3,), m.order)
                if x.entity is not None and x.entity.kind in kinds and x.kind != "Pronoun"
            ]
            return cands[-1].entity if cands else None
        excluded = self._excluded(m)
        window = [
            x
            for x in self._between((m.para - 2,), m.order)
            if x.entity is not None
            and x.entity.kind == "Person"
            and id(x.entity) not in excluded
            and self.gender.get(id(x.entity), g) == g
        ]
        if not window:
            return None
        doc, start = self.docs[m.para], self._sentence_start(m)
        same = [x for x in window if x.para == m.para and x.start >= start]
        # a subject pronoun prefers a subject earlier in its own sentence
        if doc[m.head].dep_ in {"nsubj", "nsubjpass"}:
            subjects = [x for x in same if self.docs[x.para][x.head].dep_ in {"nsubj", "nsubjpass"}]
            # ... and the subject of a clause it is inside over one of a relative clause beside it
            # ("X, whom Y appointed, survived a vote when he faced ...": X)
            above = [x for x in subjects if self.docs[x.para][x.head].head in doc[m.head].ancestors]
            if above or subjects:
                return (above or subjects)[-1].entity
        if same:
            return same[-1].entity
        if doc[m.head].dep_ in {"nsubj", "nsubjpass"}:
            # a subject pronoun rarely takes up a possessor ("X's dismissal ... He said")
            full = [x for x in window if self.docs[x.para][x.head].dep_ != "poss"]
            if full:
                return full[-1].entity
        return window[-1].entity

    def _excluded(self, m: Mention) -> set[int]:
        """Entities a pronoun cannot be: its clause's subject (for an object pronoun), and
        whoever a pronoun of the other gender in the same sentence already is ("When she
        ..., he asked her")."""
        g = m.desc.get("gender")
        excluded = self._bound(m)
        excluded |= {
            id(x.entity)
            for x in self._between((m.para, self._sentence_start(m)), m.order)
            if x.kind == "Pronoun"
            and x.entity is not None
            and x.desc.get("gender") in {"male", "female"}
            and x.desc.get("gender") != g
        }
        return excluded

    def _confident(self, m: Mention) -> bool:
        """Only one person could be meant: used to learn a person's gender from a pronoun."""
        excluded = self._excluded(m)
        cands = {
            id(x.entity)
            for x in self._between((m.para - 1,), m.order)
            if x.entity is not None
            and x.entity.kind == "Person"
            and id(x.entity) not in excluded
            and x.kind != "Pronoun"
        }
        return len(cands) == 1

    def _bound(self, m: Mention) -> set[int]:
        """Entities a non-reflexive object pronoun cannot be: its own clause's subject."""
        tok = self.docs[m.para][m.head]
        if tok.dep_ not in {"dobj", "pobj", "dative", "nsubj"} or tok.lower_ not in {"him", "her", "them"}:
            return set()
        if tok.dep_ == "nsubj" and tok.head.dep_ not in {"ccomp", "xcomp"}:
            return set()
        verb = tok.head.head if tok.dep_ == "pobj" else tok.head
        if tok.dep_ == "nsubj":
            # "X asked him to leave": him is the parse's subject of the infinitive
            verb = tok.head.head
        subj = syntax.subject_of(verb)
        if subj is None:
            return set()
        # ('Marshal of the Sejm, X, excluded him': the subject's title and the name in apposition to it)
        heads = [subj] + [c for c in subj.children if c.dep_ == "appos"]
        return {
            id(x.entity)
            for x in self._between((m.para,), (m.para + 1,))
            if x is not m and x.entity is not None and any(x.covers(m.para, h.i) for h in heads)
        }
