from referee.interrupts import main

main()
