"""'X belongs to the P', 'X, who represents the P,', 'X is a Labour MP', 'X, who is a Conservative,' (issue 35.4):
the subject of a verb of membership, or of 'be' with a party's noun, in the present (or of such a relative
clause), is the party's member, a pronoun's referent too; not the past ('belonged', 'was a Labour MP'), 'no longer
belongs', 'does not belong', 'a former Labour MP', a leader ('is the Labour leader' is no mere membership), nor a
seat represented. Sentences of our own (US territory, Westminster, India, South Africa)."""

from __future__ import annotations

import pytest

from tests.extract.roles import roles_of

pytestmark = pytest.mark.model


@pytest.mark.parametrize(("text", "expected"), [
    ("Governor Ana Ruiz took office on Friday. She belongs to the ruling New Progressive Party.",
     ("Ana Ruiz", "memberOf", "New Progressive Party")),
    ("Tom Varley, who belongs to the Labour Party, spoke.", ("Tom Varley", "memberOf", "Labour Party")),
    ("Ravi Rao belongs to the BJP.", ("Ravi Rao", "memberOf", "Bharatiya Janata Party")),
    ("Ravi Rao, who represents the BJP in the Rajya Sabha, spoke.", ("Ravi Rao", "memberOf", "Bharatiya Janata Party")),
    ("Tom Varley is a Labour MP.", ("Tom Varley", "memberOf", "Labour Party")),
    ("Tom Varley, who is a Conservative, spoke.", ("Tom Varley", "memberOf", "Conservative Party")),
    ("Ana Ruiz is a Democratic senator from Ohio.", ("Ana Ruiz", "memberOf", "Democratic Party")),
    # one of a party's group, the past telling the event
    ("Tom Reed was one of five ANC MPs suspended.", ("Tom Reed", "memberOf", "African National Congress")),
    ("Tom Reed is among the Labour MPs who rebelled.", ("Tom Reed", "memberOf", "Labour Party")),
])
def test_belongs(facts, text, expected):
    roles = roles_of(facts, text)
    assert expected in roles, sorted(roles)


@pytest.mark.parametrize(("text", "bad"), [
    ("Tom Varley belonged to the Labour Party.", ("Tom Varley", "memberOf", "Labour Party")),
    ("Tom Varley no longer belongs to the Labour Party.", ("Tom Varley", "memberOf", "Labour Party")),
    ("Sipho Dube does not belong to the ANC.", ("Sipho Dube", "memberOf", "African National Congress")),
    ("Tom Varley is a former Labour MP.", ("Tom Varley", "memberOf", "Labour Party")),
    ("Tom Varley was a Labour MP.", ("Tom Varley", "memberOf", "Labour Party")),
    ("Tom Varley is the Labour leader.", ("Tom Varley", "memberOf", "Labour Party")),
    ("Tom Reed was among the former Labour MPs who rebelled.", ("Tom Reed", "memberOf", "Labour Party")),
])
def test_belongs_not(facts, text, bad):
    roles = roles_of(facts, text)
    assert bad not in roles, sorted(roles)
