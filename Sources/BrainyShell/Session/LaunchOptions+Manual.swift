import BrainyKit

extension LaunchOptions {
    /// What `brainy --help` says, and `man brainy` and the completion scripts with it (`--man`, `--completion`).
    public static let manual = CommandLineManual(
        name: "brainy",
        summary: "the Brainy quiz shell",
        description: [
            "The Brainy quiz shell: interactive on a terminal; with -c, -f or a pipe it runs commands without a prompt, '#' starts a comment, and the first error stops the run.",
        ],
        options: [
            CommandLineOption("-c", placeholder: "<commands>", value: .text,
                              text: "run these commands (separated by ';') and exit; may be repeated"),
            CommandLineOption("-f", placeholder: "<file>", value: .file,
                              text: "run the commands in this file ('-' for standard input) and exit; -c and -f mix and run in the order given"),
            CommandLineOption("-q", "--quiet", text: "no banner and no notices such as \"Signed in as guest\"; errors are still printed"),
            CommandLineOption("-X", "--no-rc",
                              text: "do not run the start-up file ($XDG_CONFIG_HOME/brainy/brainyrc, or ~/.config/brainy/brainyrc; it runs before the first prompt of an interactive shell)"),
            CommandLineOption("--db", placeholder: "<path>", value: .file,
                              text: "the SQLite database (default: $XDG_DATA_HOME/brainy/brainy.sqlite; ':memory:' for one in memory, gone when the shell ends)"),
            CommandLineOption("--server", placeholder: "<url>", value: .text,
                              text: "the sync server (e.g. http://127.0.0.1:8080; wins over 'settings server')"),
            CommandLineOption("--seed", placeholder: "<n>", value: .text, text: "fix question selection and option order"),
            CommandLineOption("--lang", value: .words(Language.allCases.map(\.rawValue)),
                              text: "language of messages (overrides the user's setting)"),
            CommandLineOption("--no-color", text: "no colours (also when NO_COLOR is set)"),
            CommandLineOption("--format", value: .words(OutputFormat.allCases.map(\.rawValue)),
                              text: "table, plain or json for history, stats, state, profile and settings; with plain or json only that data goes to standard output, every other line to standard error"),
            CommandLineOption("--audio-out", placeholder: "<dir>", value: .directory,
                              text: "voice mode: write each question's speech (WAV) into <dir> instead of playing it"),
            CommandLineOption("--ai-url", placeholder: "<url>", value: .text,
                              text: "AI mode: ask this OpenAI-compatible chat-completions endpoint (Ollama, llama.cpp's server, vLLM…) for questions; key from BRAINY_AI_KEY or OPENAI_API_KEY, model BRAINY_AI_MODEL; the bundled knowledge base when it fails"),
            CommandLineOption("--asr-url", placeholder: "<url>", value: .text,
                              text: "recognize spoken answers with an OpenAI-compatible transcription endpoint (a local Whisper server, say); key from BRAINY_ASR_KEY or OPENAI_API_KEY, model BRAINY_ASR_MODEL"),
            CommandLineOption("--qa", text: "turn on the tester's commands: clock, flags, config, reset, ads"),
            CommandLineOption("--ads", value: .words(Switch.typedNames),
                              text: "show ads (after a quiz, rewarded ones for hints); on a terminal they are on by default, elsewhere (a pipe, -c, -f) off"),
            CommandLineOption("--clock", placeholder: "<time>", value: .text,
                              text: "start on a fixed clock (e.g. 2026-01-01T09:00:00Z) moved only by 'clock advance'"),
            CommandLineOption("--check", placeholder: "<file>...", value: .file,
                              text: "replay transcripts on new databases and compare each command's output"),
            CommandLineOption("--update", text: "with --check: rewrite the transcripts with this run's output"),
            CommandLineOption("--coverage",
                              text: "with --check: print which transitions of the state machine they took, and which none did"),
            CommandLineOption("--paths", placeholder: "<dir>", value: .directory,
                              text: "write one shortest transcript per transition of the state machine into <dir>"),
            CommandLineOption("--demo", placeholder: "<file>", value: .file,
                              text: "play a demo script for an audience (a fixed seed and clock, commands typed out)"),
            CommandLineOption("--step", text: "with --demo: wait for Enter before each command"),
            CommandLineOption("--pace", placeholder: "<time>", value: .text,
                              text: "with --demo: the pause between commands (default 1.2s; 0 for none)"),
            CommandLineOption("--man", text: "print this manual as a man page (roff), as installed for 'man brainy'"),
            CommandLineOption("--completion", value: .words(CompletionShell.typedNames),
                              text: "print the completion script of brainy's options for bash, zsh or fish"),
            CommandLineOption("-V", "--version", text: "print the version"),
            CommandLineOption("-h", "--help", text: "show this help"),
            CommandLineOption("--", text: "end of the options"),
        ],
        // The shell's own commands, from the registry (the one list of them): `man brainy` lists them all.
        commands: CommandRegistry.commands.map { command in
            let aliases = command.aliases.isEmpty ? "" : " (also " + command.aliases.joined(separator: ", ") + ")"
            return CommandLineManual.Command(usage: command.usage, text: command.summary.en + aliases)
        },
        sections: [
            .init("ENVIRONMENT", "BRAINY_SERVER_TIMEOUT seconds one request to the server may take (0.1 to 3600, default 15); BRAINY_SYNC_BATCH results per upload request (default 1000); BRAINY_HISTFILE the line editor's history file (default: history in the data folder); BRAINY_HISTSIZE lines it keeps (default 1000); BRAINY_RESOURCES the folder of the question pack and default config (default: ../share/brainy beside the executable); NO_COLOR; PAGER. The line editor reads ~/.editrc (or $EDITRC): 'bind -v' there gives vi keys. A line typed with a leading space is not kept in the history. Ctrl-L clears the screen. Inside the shell, 'source FILE' runs a file's commands and '\\h' (or '\\?') is help."),
            .init("FILES", "$XDG_DATA_HOME/brainy/ (or ~/.local/share/brainy/): brainy.sqlite, the database, and history. $XDG_CONFIG_HOME/brainy/brainyrc (or ~/.config/brainy/brainyrc): the start-up file. PREFIX/share/brainy/: the bundled question pack, default config and knowledge base, found from the executable's folder (PREFIX/bin)."),
            .init("EXIT CODES", "0 all commands succeeded, 1 a command failed, 2 bad options or an unreadable script, 3 the database cannot be used or the bundled resources cannot be found."),
        ],
        version: BrainyVersion.current
    )
}
