// Inverse links for `@Inverse`: after a parent model is decoded, each child's parent
// reference is set to it.

extension _MapwrightRuntime {
  /// Sets `keyPath` of every child to `parent`.
  /// - Note: For the code that `@JSONModel` generates; not meant to be used directly.
  public static func linkInverse<Child: AnyObject, Parent>(
    _ children: some Sequence<Child>, _ keyPath: ReferenceWritableKeyPath<Child, Parent?>, to parent: Parent
  ) {
    for child in children { child[keyPath: keyPath] = parent }
  }

  /// Sets `keyPath` of every child to `parent` (a non-optional, e.g. `unowned`, reference).
  public static func linkInverse<Child: AnyObject, Parent>(
    _ children: some Sequence<Child>, _ keyPath: ReferenceWritableKeyPath<Child, Parent>, to parent: Parent
  ) {
    for child in children { child[keyPath: keyPath] = parent }
  }

  /// Sets `keyPath` of one (optional) child to `parent`.
  public static func linkInverse<Child: AnyObject, Parent>(
    _ child: Child?, _ keyPath: ReferenceWritableKeyPath<Child, Parent?>, to parent: Parent
  ) {
    child?[keyPath: keyPath] = parent
  }

  /// Sets `keyPath` of one (optional) child to `parent`, for a child's non-optional back link.
  public static func linkInverse<Child: AnyObject, Parent>(
    _ child: Child?, _ keyPath: ReferenceWritableKeyPath<Child, Parent>, to parent: Parent
  ) {
    child?[keyPath: keyPath] = parent
  }
}
