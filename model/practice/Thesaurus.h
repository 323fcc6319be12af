// The field's words that mean one thing, for the follow-up marking: "hash key" is a partition key,
// a "local secondary index" an LSI, "asynchronous" is eventual consistency, "Postgres" a relational
// database, "do not know the patterns" is patterns unknown. A curated list, not a general
// dictionary: each concept is a name and the phrasings that say it, written as an answer would
// (the marking stems them as it stems answers, so "fetched together" also takes "fetch together").
//
// A concept marked `subject` is a thing a sentence talks about (an LSI, the table, DynamoDB), not a
// claim: a negation before it ("you can't add an LSI later") negates the claim around it, never the
// thing itself. Concepts of one `group` are rivals (a GSI and an LSI): a phrasing about one does not
// take words that sit nearer the other ("LSIs aren't limited in size and GSIs are strongly
// consistent" says nothing strong about LSIs).
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace keyplan::practice {

struct Concept {
    std::string name;
    bool subject = false;
    std::vector<std::string> phrasings;
};

const std::vector<Concept>& thesaurus();
// The concept's group of rivals ("index-kind" for the GSI and the LSI), or "" for none.
std::string_view rivalGroup(std::string_view conceptName);
// The plain word (a stem) a phrasing may use for the concept: "partition" takes "partition key",
// "" for none.
std::string_view broaderWord(std::string_view conceptName);

}  // namespace keyplan::practice
