/// The coding path of a container, as links to its parent's: a member's encoder or decoder costs no copy of the
/// path, which is only built when asked for (an error's context).
final class JSONValueCodingPath {
    let parent: JSONValueCodingPath?
    let key: any CodingKey

    init(parent: JSONValueCodingPath?, key: any CodingKey) {
        self.parent = parent
        self.key = key
    }

    var keys: [any CodingKey] { (parent?.keys ?? []) + [key] }
}
