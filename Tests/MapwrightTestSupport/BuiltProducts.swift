// Where this build put its executables, for tests that run them as processes: beside the test
// bundle (SwiftPM puts every product of a build in one folder, `.build/debug`, another
// `--scratch-path`, a release test run, Xcode's products folder), not at a fixed path.

import Foundation

public enum BuiltProducts {
  /// The executable product `name` of the build that built the running tests, or nil when the
  /// build has none of that name.
  public static func executable(named name: String) -> String? {
    // The test bundle is the running executable (Linux: `…/debug/Package.xctest`) or inside it
    // (macOS: `…/debug/Package.xctest/Contents/MacOS/Package`): the products are in the first
    // folder up from it that holds `name`.
    let running = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
    var folder = running.deletingLastPathComponent()
    for _ in 0..<4 {
      let candidate = folder.appendingPathComponent(name).path
      if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
      folder = folder.deletingLastPathComponent()
    }
    return nil
  }
}
