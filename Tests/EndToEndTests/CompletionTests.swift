// CompletionTests.swift — the completion scripts in real bash, zsh and fish: option
// values given as `--name=value` or `--name value`, and the wrapped command and its own
// arguments after options or `--`. The wrapped command is a stub, `sgtestcmd`, whose
// own completion offers `alpha` and `beta`, so nothing depends on what else is installed.
//
// bash is driven by setting COMP_WORDS as bash splits a line (`=` is a word of its
// own) and calling the function; zsh runs interactively on a zpty, Tab pressed, with
// compadd wrapped to print what it would offer; fish answers `complete -C`.

import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

let bashCompletionLibrary = "/usr/share/bash-completion/bash_completion"

/// A folder with the stub command in it.
func completionScratch() -> Scratch {
    let scratch = Scratch()
    scratch.folder("bin")
    scratch.script("bin/sgtestcmd", "exit 0")
    return scratch
}

/// One option as `--help` lists it.
struct HelpOption {
    let short: String?
    let long: String
    /// Whether it needs a value (`--name VALUE`); an optional `[VALUE]` does not count.
    let takesValue: Bool
}

/// The options `--help` lists, which come from the option table.
let helpOptions: [HelpOption] = {
    var options: [HelpOption] = []
    for line in shell("\(quoted(gateBinary)) --help").output.split(separator: "\n")
        where line.hasPrefix("  ") && line.drop(while: { $0 == " " }).hasPrefix("-") {
        var words = line.split(separator: " ").map(String.init)
        var short: String?
        if words[0].hasSuffix(",") { short = String(words.removeFirst().dropLast()) }
        guard let long = words.first, long.hasPrefix("--") else { continue }
        let value = words.dropFirst().first ?? ""
        options.append(HelpOption(short: short, long: long,
                                  takesValue: !value.isEmpty && value.allSatisfy { $0.isUppercase || $0 == "|" }))
    }
    return options
}()

@Suite("Shell completions", .serialized, .ownPolicy)
struct CompletionTests {
    static let completions = packageRoot + "/Scripts/completions"

    /// The long and the short options among `offers`.
    func split(_ offers: [String]) -> (long: Set<String>, short: Set<String>) {
        (Set(offers.filter { $0.hasPrefix("--") && $0 != "--" }),
         Set(offers.filter { $0.hasPrefix("-") && !$0.hasPrefix("--") && $0 != "-" }))
    }

    static let helpLong = Set(helpOptions.map(\.long))
    static let helpShort = Set(helpOptions.compactMap(\.short))
    /// Every option that needs a value, each given one, then the start of a command.
    static let everyValueWords = helpOptions.filter(\.takesValue).flatMap { [$0.long, "1"] } + ["sgtestc"]
    static let everyValueInline = helpOptions.filter(\.takesValue).map { $0.long + "=1" }.joined(separator: " ") + " sgtestc"

    @Test func helpListsOptionsWithAndWithoutValues() {
        #expect(helpOptions.count >= 18)
        #expect(helpOptions.contains { $0.long == "--lang" && $0.short == "-l" && $0.takesValue })
        #expect(helpOptions.contains { $0.long == "--strict" && !$0.takesValue })
    }

    @Test(.enabled(if: tool("bash") != nil, "needs bash"))
    func bashOffersEveryOptionOfTheTableAndSkipsEveryValue() {
        let inline = helpOptions.filter(\.takesValue).flatMap { [$0.long, "=", "1"] } + ["sgtestc"]
        let got = bash([["shapelygate", "-"], ["shapelygate"] + Self.everyValueWords, ["shapelygate"] + inline], library: false)
        #expect(split(got.first ?? []).long == Self.helpLong)
        #expect(split(got.first ?? []).short == Self.helpShort)
        #expect(got.dropFirst().elementsEqual([["sgtestcmd"], ["sgtestcmd"]]), "\(got)")
    }

    @Test(.enabled(if: tools("zsh", "timeout"), "needs zsh"))
    func zshOffersEveryOptionOfTheTableAndSkipsEveryValue() {
        let got = zsh(["shapelygate -", "shapelygate --", (["shapelygate"] + Self.everyValueWords).joined(separator: " "),
                       "shapelygate " + Self.everyValueInline])
        #expect(split(got.first ?? []).short == Self.helpShort)
        #expect(split(got.dropFirst().first ?? []).long == Self.helpLong)
        #expect(got.dropFirst(2).elementsEqual([["sgtestcmd"], ["sgtestcmd"]]), "\(got)")
    }

    @Test(.enabled(if: tool("fish") != nil, "needs fish"))
    func fishOffersEveryOptionOfTheTableAndSkipsEveryValue() {
        let got = fish(["shapelygate -", "shapelygate --", (["shapelygate"] + Self.everyValueWords).joined(separator: " "),
                        "shapelygate " + Self.everyValueInline])
        #expect(split(got.first ?? []).short == Self.helpShort)
        #expect(split(got.dropFirst().first ?? []).long == Self.helpLong)
        #expect(got.dropFirst(2).elementsEqual([["sgtestcmd"], ["sgtestcmd"]]), "\(got)")
    }

    /// What bash offers for each line of words (the last is the one being completed).
    func bash(_ lines: [[String]], library: Bool) -> [[String]] {
        let scratch = completionScratch()
        var script = library ? ". \(bashCompletionLibrary)\n" : ""
        script += """
            . \(quoted(Self.completions))/shapelygate.bash
            complete -W 'alpha beta' sgtestcmd
            offer() {
                COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); COMP_LINE="$*"; COMP_POINT=${#COMP_LINE}; COMPREPLY=()
                _shapelygate 2>/dev/null
                echo "<offers>"; printf '%s\\n' "${COMPREPLY[@]}" | sort -u; echo "</offers>"
            }

            """
        for words in lines { script += "offer " + words.map(quoted).joined(separator: " ") + "\n" }
        let file = scratch.path + "/test.bash"
        writeFile(file, script)
        let run = shell("HOME=\(quoted(scratch.path)) PATH=\(quoted(scratch.path))/bin:/usr/bin:/bin bash --norc --noprofile \(quoted(file))")
        #expect(run.status == 0, "\(run.output)")
        return offers(run.output)
    }

    /// The blocks of lines between <offers> and </offers> in `output`.
    func offers(_ output: String) -> [[String]] {
        var blocks: [[String]] = []
        var current: [String]?
        for line in output.split(separator: "\n").map(String.init) {
            if line == "<offers>" {
                current = []
            } else if line == "</offers>" {
                blocks.append(current ?? [])
                current = nil
            } else if !line.isEmpty {
                current?.append(line)
            }
        }
        return blocks
    }

    @Test(.enabled(if: tool("bash") != nil, "needs bash"))
    func bashCompletesOptionValuesInEitherForm() {
        let got = bash([["shapelygate", "--lang", "=", ""], ["shapelygate", "--lang", "=", "e"], ["shapelygate", "-l", "f"],
                        ["shapelygate", "--kinds", "=", "circle,st"], ["shapelygate", "--no-color", "--str"],
                        ["shapelygate", "--strings-template", "="]], library: false)
        #expect(got == [["de", "en", "es", "fr"], ["en", "es"], ["fr"], ["circle,star"],
                        ["--strict", "--strings", "--strings-template"], ["de", "en", "es", "fr"]])
    }

    @Test(.enabled(if: tool("bash") != nil, "needs bash"))
    func bashWithoutBashCompletionStillFindsTheCommand() {
        let got = bash([["shapelygate", "--lang", "=", "es", "sgtestc"], ["shapelygate", "--", "sgtestc"],
                        ["shapelygate", "-t", "5", "sgtestc"], ["shapelygate", "--lang", "=", "es", "sgtestcmd", "--lang"]],
                       library: false)
        #expect(got == [["sgtestcmd"], ["sgtestcmd"], ["sgtestcmd"], []])
    }

    @Test(.enabled(if: tool("bash") != nil && access(bashCompletionLibrary, R_OK) == 0, "needs bash and bash-completion"))
    func bashCompletesTheWrappedCommandsOwnArguments() {
        let got = bash([["shapelygate", "--lang", "=", "es", "sgtestcmd", "al"], ["shapelygate", "--", "sgtestcmd", ""],
                        ["shapelygate", "-t", "5", "--no-color", "sgtestcmd", "b"], ["shapelygate", "-l", "es", "--", "sgtestc"]],
                       library: true)
        #expect(got == [["alpha"], ["alpha", "beta"], ["beta"], ["sgtestcmd"]])
    }

    /// What zsh offers after each line, Tab pressed at its end.
    func zsh(_ lines: [String]) -> [[String]] {
        let scratch = completionScratch()
        writeFile(scratch.path + "/setup.zsh", """
            PROMPT='' RPROMPT=''
            fpath=(\(quoted(Self.completions)) $fpath)
            autoload -Uz compinit && compinit -u -D
            compdef '_values word alpha beta' sgtestcmd
            bindkey '^I' complete-word
            zstyle ':completion:*' insert-tab false
            compadd() {
                if (( ${@[(I)-[OAD]]} )); then builtin compadd "$@"; return; fi
                local -a found
                builtin compadd -A found "$@"
                (( $#found )) && print -rl -- "" "OFFER:"${^found}
                return 0
            }
            _sg_done() { print -r -- ""; print -r -- "DONE"; exit }
            comppostfuncs=(_sg_done)

            """)
        writeFile(scratch.path + "/drive.zsh", """
            zmodload zsh/zpty
            for line in "$@"; do
                zpty z zsh -f -i
                zpty -w z ". \(scratch.path)/setup.zsh"
                zpty -w -n z "$line"$'\\t'
                all=
                while zpty -r z out; do all+=$out; [[ $all == *$'\\n'DONE* ]] && break; done
                zpty -d z
                print -r -- "<offers>"
                print -rl -- ${(u)${${(M)${(f)${all//$'\\r'/}}:#OFFER:*}#OFFER:}}
                print -r -- "</offers>"
            done

            """)
        let arguments = lines.map(quoted).joined(separator: " ")
        let run = shell("HOME=\(quoted(scratch.path)) PATH=\(quoted(scratch.path))/bin:/usr/bin:/bin timeout 60 zsh -f \(quoted(scratch.path))/drive.zsh \(arguments)")
        #expect(run.status == 0, "\(run.output)")
        return offers(run.output).map { $0.sorted() }
    }

    @Test(.enabled(if: tools("zsh", "timeout"), "needs zsh"))
    func zshCompletesValuesTheCommandAndItsArguments() {
        let got = zsh(["shapelygate --la", "shapelygate --lang=", "shapelygate -l f", "shapelygate --kinds=circle,st",
                       "shapelygate --lang=es sgtestc", "shapelygate -- sgtestc", "shapelygate -- sgtestcmd al",
                       "shapelygate -t 5 --no-color sgtestcmd b", "shapelygate --timeout=5 -- sgtestcmd "])
        #expect(got == [["--lang"], ["de", "en", "es", "fr"], ["fr"], ["star"], ["sgtestcmd"], ["sgtestcmd"],
                        ["alpha"], ["beta"], ["alpha", "beta"]])
    }

    /// What fish offers for each line (`complete -C`), descriptions dropped.
    func fish(_ lines: [String]) -> [[String]] {
        let scratch = completionScratch()
        var script = """
            source \(quoted(Self.completions))/shapelygate.fish
            complete -c sgtestcmd -x -a 'alpha beta'

            """
        for line in lines {
            script += "echo '<offers>'; complete -C \(quoted(line)) | string replace -r '\\t.*' '' | sort -u; echo '</offers>'\n"
        }
        writeFile(scratch.path + "/test.fish", script)
        let home = quoted(scratch.path)
        let run = shell("HOME=\(home) XDG_CONFIG_HOME=\(home)/config XDG_DATA_HOME=\(home)/data PATH=\(home)/bin:/usr/bin:/bin fish \(home)/test.fish")
        #expect(run.status == 0, "\(run.output)")
        return offers(run.output)
    }

    @Test(.enabled(if: tool("fish") != nil, "needs fish"))
    func fishCompletesValuesTheCommandAndItsArguments() {
        let got = fish(["shapelygate --la", "shapelygate --lang ", "shapelygate --kinds circle,st",
                        "shapelygate --lang=es sgtestc", "shapelygate -- sgtestc", "shapelygate -- sgtestcmd al",
                        "shapelygate -t 5 --no-color sgtestcmd b", "shapelygate --timeout=5 -- sgtestcmd "])
        #expect(got == [["--lang"], ["de", "en", "es", "fr"], ["circle,star"], ["sgtestcmd"], ["sgtestcmd"],
                        ["alpha"], ["beta"], ["alpha", "beta"]])
    }
}
