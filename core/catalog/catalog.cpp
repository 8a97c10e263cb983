// SPDX-License-Identifier: GPL-3.0-or-later
#include "catalog/catalog.h"

#include "base/diagnostickinds.h"
#include "base/jsonparse.h"
#include "base/jsonreader.h"
#include "catalog/embeddedfiles.h"
#include "catalog/presetio.h"

#include <algorithm>

namespace core {

namespace {

template<class T> const T* findById(const std::vector<T>& items, std::string_view id)
{
    for (const T& item : items)
        if (item.id == id)
            return &item;
    return nullptr;
}

template<class T, class IdOf> std::string joinIds(const std::vector<T>& items, IdOf idOf)
{
    std::string out;
    for (const T& item : items) {
        if (!out.empty())
            out += ", ";
        out += idOf(item);
    }
    return out;
}

// Parses one preset file "{ format, <arrayKey>: [...] }" and reads each entry with `readOne`.
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

} // namespace

Catalog::Catalog()
{
    for (const EmbeddedFile& file : embeddedFiles()) {
        if (file.path == "presets/models.json") {
            readPresetFile(file.path, file.text, "models", m_models, m_problems,
                           [](const Json& v, const std::string& p, ReadContext& c, ModelArchitecture& m) {
                               readModel(v, p, c, m, true);
                           });
        } else if (file.path == "presets/gpus.json") {
            readPresetFile(file.path, file.text, "gpus", m_gpus, m_problems, readGpu);
        } else if (file.path == "presets/links.json") {
            readPresetFile(file.path, file.text, "links", m_links, m_problems, readLink);
        } else if (file.path.starts_with("examples/")) {
            ExampleDesign example;
            std::string_view stem = file.path.substr(std::string_view("examples/").size());
            stem = stem.substr(0, stem.rfind('.'));
            example.id = std::string(stem);
            example.text = std::string(file.text);
            const Json document = Json::parse(file.text, nullptr, false);
            if (document.is_object() && document.contains("name") && document["name"].is_string())
                example.title = document["name"].get<std::string>();
            else
                example.title = example.id;
            m_examples.push_back(std::move(example));
        }
    }
}

const Catalog& Catalog::builtin()
{
    static const Catalog catalog;
    return catalog;
}

Catalog Catalog::withLinks(const std::vector<LinkSpec>& links) const
{
    Catalog copy = *this;
    for (const LinkSpec& link : links) {
        auto it = std::find_if(copy.m_links.begin(), copy.m_links.end(),
                               [&](const LinkSpec& l) { return l.id == link.id; });
        if (it != copy.m_links.end())
            *it = link;
        else
            copy.m_links.push_back(link);
    }
    return copy;
}

const ModelArchitecture* Catalog::model(std::string_view id) const
{
    for (const ModelArchitecture& m : m_models)
        if (m.preset == id)
            return &m;
    return nullptr;
}

const GpuSpec* Catalog::gpu(std::string_view id) const
{
    return findById(m_gpus, id);
}
const LinkSpec* Catalog::link(std::string_view id) const
{
    return findById(m_links, id);
}
const ExampleDesign* Catalog::example(std::string_view id) const
{
    return findById(m_examples, id);
}

std::string Catalog::modelIds() const
{
    return joinIds(m_models, [](const ModelArchitecture& m) { return m.preset; });
}
std::string Catalog::gpuIds() const
{
    return joinIds(m_gpus, [](const GpuSpec& g) { return g.id; });
}
std::string Catalog::linkIds() const
{
    return joinIds(m_links, [](const LinkSpec& l) { return l.id; });
}

} // namespace core
