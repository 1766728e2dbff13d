from ._gallery import main

raise SystemExit(main())
