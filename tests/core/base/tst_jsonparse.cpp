// SPDX-License-Identifier: GPL-3.0-or-later
// Parsing JSON that never throws (base/jsonparse.h) and typed reads that never cast out of range
// (base/jsonreader.h): each bad input a fuzzing campaign found, with the message it must now give.

#include "base/jsonparse.h"
#include "base/jsonparsereason.h"
#include "base/sizelimits.h"

#include <QElapsedTimer>
#include <QTest>

using namespace core;

class TestJsonParse : public QObject
{
    Q_OBJECT

private slots:
    void rejectsWithLocation_data();
    void rejectsWithLocation();
    void parseReasonsInWords_data();
    void parseReasonsInWords();
    void unknownParseReasonsKeptAsWritten();
    void nestingUpToTheLimitLoads();
    void manyKeysLoadInLinearTime();
    void repeatedKeyKeepsItsLastValueAndOrder();
    void invalidUtf8IsEscapedNeverThrown();
    void integersAreRangeCheckedBeforeAnyCast_data();
    void integersAreRangeCheckedBeforeAnyCast();
    void unknownKeysAreWrittenBackOnce();
};

void TestJsonParse::rejectsWithLocation_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<QString>("line");
    QTest::addColumn<QString>("column");
    QTest::addColumn<QString>("reason"); // a part of the reason

    // nlohmann throws out_of_range.406 for a literal beyond the double range, also a 400-digit integer.
    QTest::newRow("1e400") << QByteArray("{\"a\": 1,\n \"b\": 1e400}") << "2"
                           << "11"
                           << "the number 1e400 is beyond the range of a double";
    QTest::newRow("400 digits") << QByteArray("[" + QByteArray(400, '9') + "]") << "1"
                                << "401"
                                << "(400 characters) is beyond the range";
    QTest::newRow("-1e309") << QByteArray("{\"unknown\": {\"x\": [-1e309]}}") << "1"
                            << "25"
                            << "-1e309 is beyond";
    // RFC 3629: 0xC3 must be followed by a continuation byte; the offset is the bad byte's.
    QTest::newRow("bad UTF-8 in a string") << QByteArray("{\"name\": \"a\xC3(\"}") << "1"
                                           << "12"
                                           << "invalid UTF-8: byte 0xC3 at byte offset 11";
    // A file cut inside "×" (0xC3 0x97) ends in half a character.
    QTest::newRow("cut inside a character") << QByteArray("{\"name\": \"2\xC3") << "1"
                                            << "12"
                                            << "byte offset 11";
    QTest::newRow("overlong slash") << QByteArray("\"\xC0\xAF\"") << "1"
                                    << "2"
                                    << "byte 0xC0";
    QTest::newRow("UTF-16 LE with BOM") << QByteArray("\xFF\xFE{\0}\0", 6) << "1"
                                        << "1"
                                        << "UTF-16";
    QTest::newRow("UTF-16 BE without BOM") << QByteArray("\0{\0}", 4) << "1"
                                           << "1"
                                           << "UTF-16";
    const QByteArray deep
        = QByteArray(limits::kMaxJsonDepth + 1, '[') + QByteArray(limits::kMaxJsonDepth + 1, ']');
    QTest::newRow("257 deep") << deep << "1"
                              << "257"
                              << "nest deeper than 256 levels";
    // 125,000 levels overflowed the stack in basic_json's recursive copy.
    QTest::newRow("125000 deep") << QByteArray("{\"x\":") + QByteArray(125000, '[') << "1"
                                 << "261"
                                 << "nest deeper";
    QTest::newRow("brackets in strings do not count")
        << QByteArray("[\"" + QByteArray(300, '[') + "\"") << "1"
        << "304"
        << "found the end of the file";
    QTest::newRow("trailing comma") << QByteArray("{\"a\": 1,}") << "1"
                                    << "9"
                                    << "expected a string";
}

// nlohmann's parser states why in English sentences of one form (nlohmann/detail/input/parser.hpp
// exception_message: "syntax error while parsing <context> - unexpected <token>; expected <token>", or its
// lexer's message with "; last read: '<text>'", lexer.hpp error_message and token_type_name). Each reaches
// the user as a phrase of marked words, so the GUI shows it in the user's language; the command line reads
// it in English. One row per context, and per lexer message a document that provokes it.
void TestJsonParse::parseReasonsInWords_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<QString>("reason");
    QTest::newRow("a value") << QByteArray("{\"a\": ")
                             << "where a value belongs: found the end of the file, "
                                "expected '[', '{' or a literal";
    QTest::newRow("an object key") << QByteArray("{1: 2}")
                                   << "where an object key belongs: found a number, expected a string";
    QTest::newRow("the separator") << QByteArray("{\"a\" 1}")
                                   << "after an object key: found a number, expected ':'";
    QTest::newRow("an array") << QByteArray("[1 2]") << "inside an array: found a number, expected ']'";
    QTest::newRow("an object") << QByteArray("{\"a\": 1 \"b\": 2}")
                               << "inside an object: found a string, expected '}'";
    QTest::newRow("after the document")
        << QByteArray("{} []") << "where a value belongs: found '[', expected the end of the file";
    QTest::newRow("missing quote") << QByteArray("[\"abc")
                                   << "where a value belongs: a string without its closing quote "
                                      "(last read: \"abc)";
    QTest::newRow("short \\u") << QByteArray("[\"\\u12\"]")
                               << "a string whose '\\u' is not followed by 4 hex digits";
    QTest::newRow("lone high surrogate")
        << QByteArray("[\"\\uD800x\"]") << "surrogate U+D800..U+DBFF is not followed by U+DC00..U+DFFF";
    QTest::newRow("lone low surrogate")
        << QByteArray("[\"\\uDC00\"]") << "surrogate U+DC00..U+DFFF does not follow U+D800..U+DBFF";
    QTest::newRow("bad escape") << QByteArray("[\"\\q\"]")
                                << "a string with a forbidden character after a backslash";
    QTest::newRow("exponent") << QByteArray("[1e]")
                              << "a number without '+', '-' or a digit after its exponent";
    QTest::newRow("minus") << QByteArray("[-]") << "a number without a digit after its '-'";
    QTest::newRow("point") << QByteArray("[1.]") << "a number without a digit after its '.'";
    QTest::newRow("exponent's sign") << QByteArray("[1e+]")
                                     << "a number without a digit after its exponent's sign";
    QTest::newRow("literal") << QByteArray("[tru]") << "a word that is not true, false or null";
    // A string's whole text so far is what the lexer read: its last 32 bytes show, next to the error.
    QTest::newRow("long string cut") << QByteArray("[\"" + QByteArray(100, 'x') + "yz")
                                     << "a string without its closing quote (last read: …" + QString(30, 'x')
            + "yz)";
    QTest::newRow("tab in a string")
        << QByteArray("[\"a\tb\"]")
        << "where a value belongs: the control character U+0009 (HT) in a string, "
           "which must be written \\u0009 (last read: \"a<U+0009>)";
}

void TestJsonParse::parseReasonsInWords()
{
    QFETCH(QByteArray, text);
    QFETCH(QString, reason);
    const JsonParse parsed = parseJson(std::string_view(text.constData(), std::size_t(text.size())));
    QVERIFY(!parsed.ok());
    QCOMPARE(parsed.error->args.size(), std::size_t(3));
    QVERIFY2(phraseOf(parsed.error->args[2]), parsed.error->args[2].c_str());
    const QString message = QString::fromStdString(parsed.error->message());
    QVERIFY2(message.contains(reason), qPrintable(message));
    QVERIFY2(!message.contains(QStringLiteral("syntax error")), qPrintable(message));
}

// A message of another form, or a word nlohmann may add one day, is kept as it came.
void TestJsonParse::unknownParseReasonsKeptAsWritten()
{
    QCOMPARE(
        jsonParseReason("[json.exception.parse_error.101] parse error at line 1, column 2: something new"),
        std::string("something new"));
    QCOMPARE(jsonParseReason("syntax error while parsing a novel context - unexpected end of input"),
             std::string("syntax error while parsing a novel context - unexpected end of input"));
    QCOMPARE(jsonParseReason("syntax error while parsing value - unexpected warp drive"),
             std::string("syntax error while parsing value - unexpected warp drive"));
}

void TestJsonParse::rejectsWithLocation()
{
    QFETCH(QByteArray, text);
    QFETCH(QString, line);
    QFETCH(QString, column);
    QFETCH(QString, reason);
    const JsonParse parsed = parseJson(std::string_view(text.constData(), std::size_t(text.size())));
    QVERIFY(!parsed.ok());
    QCOMPARE(QString::fromStdString(parsed.error->code), QStringLiteral("io-parse"));
    QCOMPARE(QString::fromStdString(parsed.error->args.at(0)), line);
    QCOMPARE(QString::fromStdString(parsed.error->args.at(1)), column);
    const QString message = QString::fromStdString(parsed.error->message());
    QVERIFY2(message.contains(reason), qPrintable(message));
    QVERIFY(!firstInvalidUtf8(parsed.error->message())); // safe to print and to put into JSON
    QVERIFY(!jsonText(Json{{"message", parsed.error->message()}}).empty());
}

void TestJsonParse::nestingUpToTheLimitLoads()
{
    const std::string text
        = std::string(limits::kMaxJsonDepth, '[') + "7" + std::string(limits::kMaxJsonDepth, ']');
    const JsonParse parsed = parseJson(text);
    QVERIFY(parsed.ok());
    const Json* inner = &parsed.document;
    int depth = 0;
    while (inner->is_array()) {
        inner = &inner->at(0);
        ++depth;
    }
    QCOMPARE(depth, limits::kMaxJsonDepth);
    QCOMPARE(inner->get<int>(), 7);
    const Json copy = parsed.document; // a recursive copy this deep is safe
    QVERIFY(copy == parsed.document);
}

void TestJsonParse::manyKeysLoadInLinearTime()
{
    // 100,000 keys took 27 s with ordered_map's linear insert (n²/2 ≈ 5·10⁹ comparisons); linear takes
    // well under a second even in a debug build.
    std::string text = "{";
    for (int i = 0; i < 100000; ++i)
        text += (i ? ",\"k" : "\"k") + std::to_string(i) + "\":" + std::to_string(i);
    text += "}";
    QElapsedTimer timer;
    timer.start();
    const JsonParse parsed = parseJson(text);
    QVERIFY(parsed.ok());
    QCOMPARE(parsed.document.size(), std::size_t(100000));
    QCOMPARE(parsed.document.begin().key(), std::string("k0"));
    QCOMPARE(parsed.document["k99999"].get<int>(), 99999);
    QVERIFY2(timer.elapsed() < 5000, qPrintable(QString::number(timer.elapsed())));
}

void TestJsonParse::repeatedKeyKeepsItsLastValueAndOrder()
{
    // nlohmann's own parser keeps the last value at the first key's place; so does this one, with and
    // without the index that larger objects get.
    for (int extra : {0, 40}) {
        std::string text = R"({"b": 1, "a": 2)";
        for (int i = 0; i < extra; ++i)
            text += ",\"x" + std::to_string(i) + "\": 0";
        text += R"(, "b": 3})";
        const JsonParse parsed = parseJson(text);
        QVERIFY(parsed.ok());
        QVERIFY(parsed.document == Json::parse(text));
        QCOMPARE(parsed.document.begin().key(), std::string("b"));
        QCOMPARE(parsed.document["b"].get<int>(), 3);
    }
}

void TestJsonParse::invalidUtf8IsEscapedNeverThrown()
{
    const std::string bad = "caf\xC3 \xFF ok \xE2\x9C\x93";
    QCOMPARE(escapeInvalidUtf8(bad), std::string("caf\\xC3 \\xFF ok \xE2\x9C\x93"));
    QVERIFY(firstInvalidUtf8(bad) == std::optional<std::size_t>(3));
    QVERIFY(firstInvalidUtf8("\xED\xA0\x80") == std::optional<std::size_t>(0)); // a surrogate
    QVERIFY(firstInvalidUtf8("\xF4\x90\x80\x80") == std::optional<std::size_t>(0)); // above U+10FFFF
    QVERIFY(firstInvalidUtf8("\xF0\x9F\x98\x80") == std::nullopt); // U+1F600
    // dump() throws type_error.316 here; jsonText writes U+FFFD instead.
    QCOMPARE(jsonText(Json{{"file", "a\xFF.json"}}, -1), std::string("{\"file\":\"a\xEF\xBF\xBD.json\"}"));
}

void TestJsonParse::integersAreRangeCheckedBeforeAnyCast_data()
{
    QTest::addColumn<QString>("value");
    QTest::addColumn<QString>("code"); // "" = read
    QTest::addColumn<int>("expected");
    QTest::newRow("4.0 is an integer") << "4.0"
                                       << "" << 4;
    QTest::newRow("-3") << "-3"
                        << "" << -3;
    // static_cast<int64_t>(1e19) is undefined behaviour; the range check comes first.
    QTest::newRow("1e19") << "1e19"
                          << "io-too-large" << 0;
    QTest::newRow("-1e19") << "-1e19"
                           << "io-too-large" << 0;
    QTest::newRow("2^31") << "2147483648"
                          << "io-too-large" << 0;
    QTest::newRow("uint64 max") << "18446744073709551615"
                                << "io-too-large" << 0;
    QTest::newRow("2.5") << "2.5"
                         << "io-type" << 0;
    QTest::newRow("1e308") << "1e308"
                           << "io-too-large" << 0;
}

void TestJsonParse::integersAreRangeCheckedBeforeAnyCast()
{
    QFETCH(QString, value);
    QFETCH(QString, code);
    QFETCH(int, expected);
    const JsonParse parsed = parseJson("{\"tp\": " + value.toStdString() + "}");
    QVERIFY(parsed.ok());
    ReadContext context;
    int out = 0;
    {
        ObjectReader reader(parsed.document, "", context);
        reader.read("tp", out);
    }
    if (code.isEmpty()) {
        QVERIFY(context.diagnostics.empty());
        QCOMPARE(out, expected);
    } else {
        QCOMPARE(context.diagnostics.size(), std::size_t(1));
        QCOMPARE(QString::fromStdString(context.diagnostics[0].code), code);
        QCOMPARE(QString::fromStdString(context.diagnostics[0].path), QStringLiteral("/tp"));
        QCOMPARE(out, 0);
    }
}

void TestJsonParse::unknownKeysAreWrittenBackOnce()
{
    const JsonParse parsed = parseJson(R"({"known": {"a": 1, "future": [1, 2]}, "later": true})");
    QVERIFY(parsed.ok());
    ReadContext context;
    {
        ObjectReader root(parsed.document, "", context);
        const Json* known = root.take("known");
        ObjectReader first(*known, "/known", context);
        first.take("a");
        ObjectReader second(*known, "/known", context); // read twice: written back once
        second.take("a");
    }
    QCOMPARE(context.unknown.size(), std::size_t(3));
    QCOMPARE(context.diagnostics.size(), std::size_t(3));
    Json saved = {{"known", {{"a", 1}}}};
    writeBackUnknown(saved, context.unknown);
    QVERIFY2(saved == parsed.document, saved.dump().c_str());
    QCOMPARE(saved.begin().key(), std::string("known"));
}

QTEST_GUILESS_MAIN(TestJsonParse)
#include "tst_jsonparse.moc"
