/// The completion scripts of argument-parser, taught the default command: `tcalog
/// Sam<TAB>` (report, the README's first usage) completes file names and report's options,
/// as `tcalog report Sam<TAB>` does; the command names are still offered for the first word.
package enum CompletionScript {
  /// argument-parser's `script` for `shell` (bash, zsh or fish), with the default
  /// command's completion added where no command is named; unchanged when its text is not
  /// the one expected.
  package static func withDefaultCommand(_ script: String, shell: String, commandNames: [String]) -> String {
    let script = patched(script, shell: shell, names: commandNames + ["help"])
    // Standard output ends with a line feed, as every output of tcalog.
    return script.hasSuffix("\n") ? script : script + "\n"
  }

  private static func patched(_ script: String, shell: String, names: [String]) -> String {
    switch shell {
    case "bash":
      let old = """
            *)
                # Offer subcommand completions
                COMPREPLY+=($(compgen -W '\(names.joined(separator: " "))' -- "${cur}"))
                ;;
        """
      let new = """
            *)
                # Offer subcommand completions for the first word, and the default command's
                # (report: its options and files) for every word when no command is named.
                if [[ "${COMP_CWORD}" -eq 1 ]]; then
                    COMPREPLY+=($(compgen -W '\(names.joined(separator: " "))' -- "${cur}"))
                fi
                [[ -n "${subcommand}" || "${COMP_CWORD}" -eq 1 ]] && unparsed_words=("${subcommand}" "${unparsed_words[@]}")
                _tcalog_report
                ;;
        """
      return script.replacingFirst(old, with: new)
    case "zsh":
      let command = """
                _describe -V subcommand subcommands && ret=0
                ;;
        """
      let commandFiles = """
                _describe -V subcommand subcommands && ret=0
                # The default command (report) reads files.
                _files && ret=0
                ;;
        """
      let arg = "            \"_tcalog_${words[1]}\" && ret=0\n            ;;\n        esac\n"
      let argDefault =
        "            \"_tcalog_${words[1]}\" && ret=0\n            ;;\n"
        + "        *)\n"
        + "            # No command named: the default command's (report) options and files.\n"
        + "            words=(report \"${words[@]}\")\n"
        + "            (( CURRENT += 1 ))\n"
        + "            _tcalog_report && ret=0\n"
        + "            ;;\n"
        + "        esac\n"
      return script.replacingFirst(command, with: commandFiles).replacingFirst(arg, with: argDefault)
    case "fish":
      // The token parser knows only the named commands: a first word that is none of them
      // (a file, an option of report's) is parsed as report's, so its options and files
      // complete; the first word itself also completes as a file.
      let lines = script.split(separator: "\n", omittingEmptySubsequences: false)
      guard let report = lines.firstIndex(of: "        case 'report'"), report + 1 < lines.count,
        lines[report + 1].hasPrefix("            __tcalog_parse_subcommand ")
      else { return script }
      let help = "        case 'help'\n            __tcalog_parse_subcommand -r 1 'version'\n        end\n"
      let helpDefault =
        "        case 'help'\n            __tcalog_parse_subcommand -r 1 'version'\n"
        + "        case '?*'\n"
        + "            # No command named: the default command's (report) options and files.\n"
        + "            set -p unparsed_tokens report\n"
        + lines[report + 1] + "\n"
        + "        end\n"
      let patched = script.replacingFirst(help, with: helpDefault)
      guard patched != script else { return script }
      return (patched.hasSuffix("\n") ? patched : patched + "\n")
        + "complete -c 'tcalog' -n '__tcalog_should_offer_completions_for_positional \"tcalog\" -eq 1' -F\n"
    default:
      return script
    }
  }
}

extension String {
  /// The first occurrence of `target` replaced (none: the text as it is).
  fileprivate func replacingFirst(_ target: String, with replacement: String) -> String {
    var copy = self
    guard let range = copy.firstRange(of: target) else { return self }
    copy.replaceSubrange(range, with: replacement)
    return copy
  }
}
