/// The scripts that give bash, zsh and fish TAB completion of a program. Each asks the program
/// at every TAB what may come at the cursor (`PROGRAM ---completion -- any INDEX CURSOR
/// WORDS...`, bash `-- line BREAKS LINE`, answered from the descriptions by
/// `CompletionFinder`), so the scripts never go stale and hold no list of commands. The
/// answer is a candidate a line, or `:files` and the extensions to offer files with.
public enum CompletionScript {
    /// The first line of an answer that asks the shell for files.
    public static let filesMarker = ":files"

    public static func script(for shell: String, program: String) -> String? {
        switch shell {
        case "bash": bash(program)
        case "zsh": zsh(program)
        case "fish": fish(program)
        default: nil
        }
    }

    /// Bash splits its words (`COMP_WORDS`) at `=` and `:` as well as blanks, so the script
    /// sends the line as typed and its word breaks (`-- line BREAKS LINE`), and is answered
    /// with what to put after the last break. `mapfile` reads the answer a line at a time,
    /// so a candidate like `*` is never expanded to file names.
    private static func bash(_ program: String) -> String {
        """
        # bash completion of \(program): the program says what may come at the cursor.
        _\(program)() {
            local cur=${COMP_WORDS[COMP_CWORD]}
            # Right after a break (--export=), bash's word is the break: the file's name starts empty.
            [[ $cur == [=:] ]] && cur=
            local -a answer
            mapfile -t answer < <("${COMP_WORDS[0]}" ---completion -- line "$COMP_WORDBREAKS" "${COMP_LINE:0:COMP_POINT}" 2>/dev/null)
            if [[ ${answer[0]-} == \(filesMarker)* ]]; then
                local extension=${answer[0]#\(filesMarker)}
                extension=${extension# }
                compopt -o filenames 2>/dev/null
                if [[ -n $extension ]]; then
                    mapfile -t COMPREPLY < <(compgen -d -- "$cur"; compgen -f -X "!*.$extension" -- "$cur")
                else
                    mapfile -t COMPREPLY < <(compgen -f -- "$cur")
                fi
            else
                COMPREPLY=("${answer[@]}")
            fi
        }
        complete -F _\(program) \(program)

        """
    }

    private static func zsh(_ program: String) -> String {
        """
        #compdef \(program)
        # zsh completion of \(program): the program says what may come at the cursor.
        _\(program)() {
            local -a answer
            answer=("${(@f)$("${words[1]}" ---completion -- any $((CURRENT - 1)) ${#PREFIX} "${(@)words[1,CURRENT]}" 2>/dev/null)}")
            answer=(${answer:#})
            if [[ ${answer[1]} == \(filesMarker)* ]]; then
                local extension=${${answer[1]#\(filesMarker)}# }
                # A file after --option= is the part after the =.
                compset -P '*='
                if [[ -n $extension ]]; then _files -g "*.$extension"; else _files; fi
            else
                compadd -a answer
            fi
        }
        _\(program) "$@"

        """
    }

    private static func fish(_ program: String) -> String {
        """
        # fish completion of \(program): the program says what may come at the cursor.
        function __\(program)_complete
            set -l words (commandline -opc) (commandline -ct)
            set -l answer (command $words[1] ---completion -- any (math (count $words) - 1) (string length -- (commandline -ct)) $words 2>/dev/null)
            if string match -q -- '\(filesMarker)*' $answer[1]
                # A file after --option= is the part after the =, offered with it.
                set -l token (commandline -ct)
                set -l option (string match -r -- '^--[^=]*=' $token)
                __fish_complete_path (string replace -r -- '^--[^=]*=' '' $token) | string replace -r -- '^' "$option"
            else
                string join \\n -- $answer
            end
        end
        complete -c '\(program)' -f -a '(__\(program)_complete)'

        """
    }
}
