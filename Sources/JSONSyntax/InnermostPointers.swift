/// ``JSONPointer/innermost(at:in:)`` for many offsets of one document: each container is read
/// on from the child found for the offset before, not from its first child, so offsets asked in
/// increasing order (a parser's issues) cost one pass over each container they reach, not one
/// each. An offset before the one asked last starts again from the root. The answers are
/// `innermost`'s.
package struct InnermostPointers {
    let root: JSONNode
    /// From the root down: each container entered for the offset asked last, the child found in
    /// it (its tape position and its element number), and the pointer of that child.
    private var path: [(container: Int, child: Int, number: Int, pointer: JSONPointer)] = []
    private var lastOffset = Int.min

    /// Pointers into `root`.
    package init(root: JSONNode) { self.root = root }

    /// The pointer of the innermost node whose range contains `offset`.
    package mutating func pointer(at offset: Int) -> JSONPointer {
        if offset < lastOffset { path.removeAll() }
        lastOffset = offset
        var pointer = JSONPointer.root
        var node = root
        var depth = 0
        while true {
            // Where to start in this container: the child found last when it is the same one.
            let resumes = depth < path.count && path[depth].container == node.index
            if !resumes { path.removeSubrange(min(depth, path.count)...) }
            if let members = node.objectMembers {
                var position = resumes ? path[depth].child : members.startIndex
                var found: Int?
                while position < members.endIndex, members[position].keyRange.start <= offset {
                    found = position
                    position = members.index(after: position)
                }
                if found == nil, resumes { found = path[depth].child }
                guard let at = found else { return pointer }
                let member = members[at]
                guard member.range.contains(offset) || member.keyRange.contains(offset) else { return pointer }
                let childPointer = resumes && at == path[depth].child ? path[depth].pointer : pointer.appending(member.key)
                record(depth, (node.index, at, 0, childPointer))
                pointer = childPointer
                node = member.value
            } else if let elements = node.arrayElements {
                var position = resumes ? path[depth].child : elements.startIndex
                var number = resumes ? path[depth].number : 0
                var found: (position: Int, number: Int)?
                while position < elements.endIndex, elements[position].range.start <= offset {
                    found = (position, number)
                    position = elements.index(after: position)
                    number += 1
                }
                if found == nil, resumes { found = (path[depth].child, path[depth].number) }
                guard let (at, index) = found else { return pointer }
                let element = elements[at]
                guard element.range.contains(offset) else { return pointer }
                let childPointer = resumes && at == path[depth].child ? path[depth].pointer : pointer.appending(index)
                record(depth, (node.index, at, index, childPointer))
                pointer = childPointer
                node = element
            } else {
                return pointer
            }
            depth += 1
        }
    }

    private mutating func record(_ depth: Int, _ level: (container: Int, child: Int, number: Int, pointer: JSONPointer)) {
        if depth < path.count {
            if path[depth].child != level.child { path.removeSubrange((depth + 1)...) }
            path[depth] = level
        } else {
            path.append(level)
        }
    }
}
