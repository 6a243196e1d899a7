import KithNetCLI

KithNetMain.main()
