"""Extract, people and roles: the mentions of a paragraph (people, parties, organisations,
governments, offices, chairs, descriptions) and the roles the text gives them.

:mod:`~kg.extract.people.mentions` is the entry point, over one :class:`~kg.extract.people.finder.Finder`
a paragraph that the families add to: :mod:`~kg.extract.people.organisations` (parties, bodies),
:mod:`~kg.extract.people.companies`, :mod:`~kg.extract.people.governments`,
:mod:`~kg.extract.people.people` (names with their titles), :mod:`~kg.extract.people.offices` and
:mod:`~kg.extract.people.chairs` (titles and presiding officers), :mod:`~kg.extract.people.roles`
(memberships, leadership, offices by construction) with :mod:`~kg.extract.people.tenure` (past and
future offices), :mod:`~kg.extract.people.epithets` (descriptions), and the name helpers
:mod:`~kg.extract.people.given_names` and :mod:`~kg.extract.people.spelling`.
"""
