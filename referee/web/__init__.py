"""`referee serve`: the table on the players' phones, a read-only live page.

Imported only by the `serve` command (and its tests and bench), so the web
libraries never slow down the banker's commands.
"""
