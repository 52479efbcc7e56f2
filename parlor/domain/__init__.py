"""The parlor's pure rules: money and business-day arithmetic on ints, dates and times, the
proposal of who sits where when seats free up (table_forming, 卓立て), and a tournament's
seating, standings and exports (tournament_seating, tournament_repeats, tournament_standings,
tournament_export).

No Django here (tests/test_parlor_layers.py checks it): models, selectors and services all
import these modules, and they import none of those.
"""
