"""The `referee` commands, one module per chapter of play; referee.cli.registry lists them.

A command module parses its arguments, calls the core and prints; it imports
referee.cli.context (never another command module) and imports the heavy parts
inside the function, so only the command being run pays for them.
"""
