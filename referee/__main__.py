from referee.entry import main

main()
