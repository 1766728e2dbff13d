from tiny_computer_agent.cli import main

raise SystemExit(main())
