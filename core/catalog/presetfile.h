// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// One built-in preset file, "{ format, comment, <arrayKey>: [...] }": parsed without throwing, each entry
// read by the caller's reader, every problem located as "file#/pointer". The catalog's models, GPUs and
// links and the framework profiles are read with it.

#include "base/diagnostic.h"
#include "base/diagnostickinds.h"
#include "base/jsonparse.h"
#include "base/jsonreader.h"

#include <string>
#include <string_view>
#include <vector>

namespace core {

// Parses one preset file and reads each entry with `readOne`.
template<class T, class ReadOne>
void readPresetFile(std::string_view path, std::string_view text, const char* arrayKey, std::vector<T>& out,
                    std::vector<Diagnostic>& problems, ReadOne readOne)
{
    ReadContext context;
    JsonParse parsed = parseJson(text);
    if (!parsed.ok()) {
        parsed.error->path = std::string(path);
        problems.push_back(std::move(*parsed.error));
        return;
    }
    const Json& document = parsed.document;
    ObjectReader root(document, "", context);
    root.take("format");
    root.take("comment");
    if (const Json* items = root.take(arrayKey); items && items->is_array()) {
        for (std::size_t i = 0; i < items->size(); ++i) {
            T item;
            readOne((*items)[i], jsonPointerAppend(jsonPointerAppend(std::string(), arrayKey), i), context,
                    item);
            out.push_back(std::move(item));
        }
    } else {
        context.add(diag::kIoMissing, jsonPointerAppend(std::string(), arrayKey), {arrayKey});
    }
    for (Diagnostic& d : context.diagnostics) {
        d.path = std::string(path) + "#" + d.path;
        problems.push_back(std::move(d));
    }
}

} // namespace core
