// StringsTests.swift — lookup order, override files, plist reading and writing,
// placeholders and language choice.

import Testing
import PlistReader
@testable import ShapelyGate

@Suite struct StringsTests {
    @Test func everyBuiltInLanguageIsComplete() {
        for language in BuiltInStrings.languages {
            let table = BuiltInStrings.table(for: language)!
            for key in StringKey.all { #expect(table[key] != nil, "\(language) lacks \(key)") }
            #expect(table.count == StringKey.all.count)
        }
    }

    @Test func lookupOrderIsOverrideThenLanguageThenEnglish() {
        let strings = GateStrings(language: "es", overrides: [.title: "Mi puerta"])
        #expect(strings.text(.title) == "Mi puerta")
        #expect(strings.text(.countdown) == "Tiempo restante")
        #expect(GateStrings(language: "xx").text(.countdown) == "Time left")
        #expect(GateStrings(language: "xx").language == "en")
    }

    /// The alert as every text board and door writes it: the title, the language's own
    /// colon (French puts a no-break space before it), the description.
    @Test func theAlertIsTitleColonAndDescription() {
        let french = GateStrings(language: "fr").alert(.tooManyAttempts)
        #expect(french.heading == "Trop de tentatives\u{00A0}:")
        #expect(french.description == "La mauvaise forme a été choisie trop de fois.")
        let overridden = GateStrings(language: "en", overrides: [StringKey("TimeExpired", "Title"): "Too slow"]).alert(.timeExpired)
        #expect(overridden.heading == "Too slow:")
    }

    @Test func placeholdersAreReplacedAsPlainText() {
        #expect(GateStrings.fill("drop the {shape}: choose 1-{count}", ["shape": "star", "count": "8"]) == "drop the star: choose 1-8")
        #expect(GateStrings.fill("%@ %n %s {unknown} {", ["shape": "x"]) == "%@ %n %s {unknown} {")
        #expect(GateStrings.fill("{shape}", ["shape": "{count}", "count": "9"]) == "{count}")
        #expect(GateStrings.fill("{{shape}}", ["shape": "x"]) == "{x}")
    }

    @Test(arguments: [
        "", "not xml", "<plist><dict><key>Primary</key></dict></plist>",
        "<plist><dict><key>Primary</key><dict><key>Title</key><dict><key>value</key><integer>3</integer></dict></dict></dict></plist>",
        "<plist><array/></plist>", "<plist><dict><key>Primary</key><string>x</string></dict></plist>",
        "<plist><dict>", "<plist><dict><key>a</key><string>&bogus;</string></dict></plist>",
        String(repeating: "<array>", count: 100),
    ])
    func malformedFilesAreErrors(_ text: String) {
        #expect(throws: GateStringsError.self) { try GateStrings.overrides(parsing: Array(text.utf8), path: "x.plist") }
    }

    @Test func entitiesCommentsAndCDATAAreRead() throws {
        let text = """
            <?xml version="1.0"?><!-- a comment -->
            <plist version="1.0"><dict>
            <key>Primary</key><dict><key>Title</key><dict><key>comment</key><string/>
            <key>value</key><string>A &amp; B &lt;&#233;&#x263A;&gt; <![CDATA[<raw>]]></string></dict></dict>
            <key>Unknown</key><dict><key>X</key><dict><key>value</key><string>y</string></dict></dict>
            </dict></plist>
            """
        let overrides = try GateStrings.overrides(parsing: Array(text.utf8), path: "x.plist")
        #expect(overrides[.title] == "A & B <é☺> <raw>")
    }

    @Test func theTemplateRoundTrips() throws {
        for language in BuiltInStrings.languages {
            let template = GateStrings.template(language: language)
            let root = try PropertyList.parse(Array(template.utf8))
            let table = try GateStrings.overrides(from: root, path: "template")
            #expect(table == BuiltInStrings.table(for: language)!)
        }
    }
}

@Suite struct LanguageTests {
    @Test func precedence() {
        let environment = ["LANGUAGE": "fr:de", "LC_ALL": "es_ES.UTF-8", "LC_MESSAGES": "de_DE", "LANG": "en_US.UTF-8"]
        #expect(LanguageResolver.resolve(explicit: "de", environment: environment).language == "de")
        #expect(LanguageResolver.resolve(explicit: nil, environment: environment).language == "fr")
        var noLanguage = environment
        noLanguage["LANGUAGE"] = nil
        #expect(LanguageResolver.resolve(explicit: nil, environment: noLanguage).language == "es")
        noLanguage["LC_ALL"] = ""
        #expect(LanguageResolver.resolve(explicit: nil, environment: noLanguage).language == "de")
        noLanguage["LC_MESSAGES"] = nil
        #expect(LanguageResolver.resolve(explicit: nil, environment: noLanguage).language == "en")
    }

    @Test func localesMapToLanguages() {
        let mexican = LanguageResolver.choice(from: "es_MX.UTF-8")
        #expect(mexican == LanguageChoice(language: "es", region: "MX", requested: "es"))
        #expect(LanguageResolver.choice(from: "de_AT@euro").language == "de")
        #expect(LanguageResolver.choice(from: "C").language == "en")
        #expect(LanguageResolver.choice(from: "POSIX").language == "en")
        #expect(LanguageResolver.choice(from: "ja_JP.UTF-8") == LanguageChoice(language: "en", region: "JP", requested: "ja"))
    }

    @Test func languageIsIgnoredUnderTheCLocale() {
        #expect(LanguageResolver.resolve(explicit: nil, environment: ["LANGUAGE": "es", "LANG": "C"]).language == "en")
        #expect(LanguageResolver.resolve(explicit: nil, environment: ["LANGUAGE": "it:es", "LANG": "en_GB.UTF-8"]).language == "es")
    }
}
