// DynamoDB's exceptions as one typed C++ exception. Everything in model/ that rejects a request
// throws dynamo::Error carrying DynamoDB's own exception name and exact message text; the single
// boundary that catches it (wire/ for HTTP, the GUI's request console, the CLI) turns it into
// `{"__type": ..., "message": ...}` or a message box without re-wording it.
#pragma once

#include <exception>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace keyplan::dynamo {

class AttributeValue;

enum class ErrorCode {
    ValidationException,
    SerializationException,
    ConditionalCheckFailedException,
    ResourceNotFoundException,
    ResourceInUseException,
    TransactionCanceledException,
    TransactionConflictException,
    TransactionInProgressException,
    IdempotentParameterMismatchException,
    ItemCollectionSizeLimitExceededException,
    ProvisionedThroughputExceededException,
    RequestLimitExceeded,
    ThrottlingException,
    LimitExceededException,
    UnknownOperationException,
    // The DynamoDB Streams API's own.
    ExpiredIteratorException,
    TrimmedDataAccessException,
    MissingAuthenticationTokenException,
    IncompleteSignatureException,
    InvalidSignatureException,
    UnrecognizedClientException,
    InternalServerError,
    // PartiQL's INSERT of a key that is already there.
    DuplicateItemException,
    // A remote endpoint's exception that Keyplan's own store never raises (AccessDeniedException,
    // ServiceUnavailable, ...): Error::remote keeps its name and status as received.
    RemoteException,
};

// One entry of TransactionCanceledException.CancellationReasons, in request order.
struct CancellationReason {
    std::string code = "None";                                               // None, ConditionalCheckFailed, ValidationError, ...
    std::optional<std::string> message;                                      // absent for None
    std::optional<std::map<std::string, AttributeValue, std::less<>>> item;  // ALL_OLD on failure
};

class Error : public std::exception {
public:
    Error(ErrorCode code, std::string message);
    // An error body from a remote endpoint whose name has no ErrorCode.
    static Error remote(std::string name, std::string message, int httpStatus);

    ErrorCode code() const { return code_; }
    const std::string& message() const { return message_; }
    const char* what() const noexcept override { return message_.c_str(); }

    // "ValidationException", "ConditionalCheckFailedException", ...
    std::string name() const;
    // The full wire type: "com.amazon.coral.validate#ValidationException",
    // "com.amazonaws.dynamodb.v20120810#ConditionalCheckFailedException", ...
    std::string wireType() const;
    // 400 for client errors, 500 for InternalServerError.
    int httpStatus() const;

    // ConditionalCheckFailedException with ReturnValuesOnConditionCheckFailure=ALL_OLD carries
    // the existing item; TransactionCanceledException carries the reasons.
    std::optional<std::map<std::string, AttributeValue, std::less<>>> item;
    std::vector<CancellationReason> cancellationReasons;

private:
    ErrorCode code_;
    std::string message_;
    std::string remoteName_;
    int remoteStatus_ = 400;
};

std::string errorCodeName(ErrorCode code);

[[noreturn]] void throwValidation(std::string message);
[[noreturn]] void throwError(ErrorCode code, std::string message);

}  // namespace keyplan::dynamo
