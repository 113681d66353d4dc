BrainyCommand.main()
