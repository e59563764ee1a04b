"""Rulesets: editions, variants, house rules and boards as validated data."""
