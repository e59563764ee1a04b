"""How things look on the terminal: Rich tables and charts, apart from the commands that show them."""
