"""The parlor's pure rules: money and business-day arithmetic on ints, dates and times.

No Django here (tests/test_parlor_layers.py checks it): models, selectors and services all
import these modules, and they import none of those.
"""
