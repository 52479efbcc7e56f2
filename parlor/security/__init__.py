"""Abuse protection for the parlor service (issue 8).

- `lockout`: repeated failed sign-ins lock a username (and, much later, an address) for a while,
  counted in Django's cache so every gunicorn worker sees the same count.
- `backends`: the authentication backend that enforces the lockout for every sign-in path
  (the admin, the tablet, the API's token endpoint).
- `throttling`: the rate limit of the API's token endpoint (`parlor/api/sign_in.py`, which answers
  429 while a username or address is locked), per address.
- `tokens`: API tokens that expire and die with their password; `user_roles`: the roles a
  sign-in loads with the user.
- `middleware`: request size limit (413), security headers, 503 while the database is away.
- `parsers`: the API's JSON parser, bounded in depth and number size.
- `limits`: the numeric bounds the API enforces on its inputs, in one place.
- `checks`: deploy checks (`manage.py check --deploy`) for what Django's own do not cover.
"""
