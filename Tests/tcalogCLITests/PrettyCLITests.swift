import Foundation
import Testing

/// `filter --format pretty`: records as `tcalog view` shows them, for `less -R` and for
/// pasting into an issue.
struct PrettyCLITests {
  /// The selected records of a sample with prefixes removed and the diff's marks kept;
  /// colour only when asked (a pipe is no terminal) and never with NO_COLOR in auto.
  @Test func prettyPrintsSelectedRecordsAsTheViewerShowsThem() throws {
    let plain = runInProcessText(["filter", "--format", "pretty", "-a", "^onAppear$", "Samples/messy.log"])
    #expect(plain.status == 0)
    #expect(
      plain.stdout == """
        10:22:31.118  onAppear  AppFeature.Action.onAppear
          AppFeature.State(
        -   isLoading: false,
        +   isLoading: true,
            tabs: […]
          )

        """)
    let colored = runInProcessText([
      "filter", "--format", "pretty", "--color", "always", "-a", "^onAppear$", "Samples/messy.log",
    ])
    #expect(colored.stdout.contains("\u{1B}[31m-   \u{1B}[0m\u{1B}[1;31misLoading\u{1B}[0m\u{1B}[31m: false,\u{1B}[0m"))
    #expect(colored.stdout.contains("\u{1B}[1;36monAppear\u{1B}[0m"))
    // Context records and the separator between groups, as the other formats have them.
    let context = runInProcessText([
      "filter", "--format", "pretty", "-a", "timerTicked", "-B", "1", "Samples/messy.log",
    ])
    #expect(context.stdout.contains("  (No state changes)\n"))
    #expect(context.stdout.hasPrefix("10:22:32.101  windows.window.selectTab  "))
    // Nothing selected: status 1, as every format.
    #expect(runInProcessText(["filter", "--format", "pretty", "-a", "^nothing$", "Samples/messy.log"]).status == 1)
  }
}

/// `tcalog view` where there is no terminal to take: one line that points at `filter`.
struct ViewRefusalCLITests {
  @Test(arguments: [["TERM": "dumb"], ["TERM": "xterm-256color"]])
  func viewWithoutATerminalPointsAtFilter(environment: [String: String]) {
    let result = InProcess.run(["view", "Samples/messy.log"], environment: environment)
    let run = (status: result.status, stdout: result.stdout, stderr: result.stderr)
    #expect(run.status == 2)
    #expect(
      run.stderr
        == "tcalog: error: view needs a terminal (standard output, TERM not dumb); without one, use tcalog filter --format pretty\n"
    )
    #expect(run.stdout.isEmpty)
  }
}
