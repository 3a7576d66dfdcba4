// Folders of the repository the tests read from, found from this file's place (the tests may
// run from any working directory).

import Foundation

public enum RepositoryFolders {
  /// The repository's root.
  public static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()
  /// `Examples/`: the Library model, its JSON, the example service.
  public static let examples = root.appendingPathComponent("Examples")
}
