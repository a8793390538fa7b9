// LineEditorTests.swift — the answer line the gate edits itself: the person's erase,
// kill and word-erase keys, Enter, Ctrl-D, escape sequences, junk bytes and overlong
// entries.

import Testing
@testable import ShapelyGateScreen

@Suite struct LineEditorTests {
    func feed(_ bytes: [UInt8], keys: LineEditor.Keys = LineEditor.Keys()) -> (LineEditor, [LineEditor.Event]) {
        var editor = LineEditor(keys: keys)
        let events = editor.feed(bytes)
        return (editor, events)
    }

    @Test func enterSubmitsWhatWasTyped() {
        #expect(feed(Array("12\r".utf8)).1 == [.submitted(Array("12".utf8))])
        #expect(feed(Array("3\n4\n".utf8)).1 == [.submitted([0x33]), .submitted([0x34])])
    }

    @Test func erasingKeysAreThePersons() {
        var keys = LineEditor.Keys()
        keys.erase = 0x08
        keys.kill = 0x18
        #expect(feed(Array("19".utf8) + [0x08], keys: keys).0.visible == "1")
        #expect(feed(Array("19".utf8) + [0x7F], keys: keys).0.visible == "1")
        #expect(feed(Array("12 34".utf8) + [0x17]).0.visible == "12 ")
        #expect(feed(Array("1234".utf8) + [0x18], keys: keys).0.visible == "")
    }

    @Test func controlDDeniesOnlyOnAnEmptyLine() {
        #expect(feed([0x04]).1 == [.endOfInput])
        #expect(feed([0x31, 0x04]).1 == [])
    }

    @Test func arrowKeysAreDroppedWholeAndJunkSpoilsTheEntry() {
        let (editor, _) = feed([0x1B, 0x5B, 0x41, 0x32, 0x1B, 0x4F, 0x42])
        #expect(editor.visible == "2")
        #expect(feed([0x31, 0x00, 0x0D]).1 == [.submitted([0x31, 0x00])])
        #expect(feed([0x31, 0xC3]).0.visible == "1?")
    }

    @Test func anOverlongEntryIsNeverATile() {
        var editor = LineEditor(keys: LineEditor.Keys(), limit: 4)
        #expect(editor.feed(Array("123456\r".utf8)) == [.submitted(nil)])
        #expect(editor.feed(Array("7\r".utf8)) == [.submitted([0x37])])
    }

    @Test func controlDInsideAnEntryIsIgnoredAndAnUnfinishedEscapeEndsAtEnter() {
        #expect(feed([0x35, 0x04, 0x0D]).1 == [.submitted([0x35])])
        #expect(feed([0x1B, 0x5B, 0x35, 0x0D, 0x33, 0x0D]).1 == [.submitted([]), .submitted([0x33])])
        #expect(feed([0x39, 0x39, 0x1B, 0x0D]).1 == [.submitted([0x39, 0x39])])
    }
}
