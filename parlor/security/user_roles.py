"""The relations from a user to their roles, loaded with the user by the sign-in of every
request (the token's query in `tokens`, the session's in `backends`): where they work
(ParlorMember) and whom they play as (Player), each with its parlor, so finding what a user
may see (parlor/selectors/access.py) reads nothing more.

Named here, beside the two sign-ins that load them, so security needs no import of models."""

USER_ROLES = ("parlor_member__parlor", "player__parlor")
