import KithCLI

KithMain.main()
