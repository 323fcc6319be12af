#include "practice/Stemmer.h"

#include <libstemmer.h>

#include <memory>

namespace keyplan::practice {

namespace {

struct StemmerDeleter {
    void operator()(sb_stemmer* s) const { sb_stemmer_delete(s); }
};

}  // namespace

std::string stemWord(std::string_view lowerCaseWord)
{
    thread_local const std::unique_ptr<sb_stemmer, StemmerDeleter> stemmer(sb_stemmer_new("english", "UTF_8"));
    if (!stemmer || lowerCaseWord.empty()) return std::string(lowerCaseWord);
    const sb_symbol* out = sb_stemmer_stem(stemmer.get(), reinterpret_cast<const sb_symbol*>(lowerCaseWord.data()),
                                           static_cast<int>(lowerCaseWord.size()));
    if (!out) return std::string(lowerCaseWord);  // out of memory: the word as it is
    return std::string(reinterpret_cast<const char*>(out), static_cast<size_t>(sb_stemmer_length(stemmer.get())));
}

}  // namespace keyplan::practice
