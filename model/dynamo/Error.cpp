#include "dynamo/Error.h"

#include "dynamo/AttributeValue.h"

namespace keyplan::dynamo {

Error::Error(ErrorCode code, std::string message) : code_(code), message_(std::move(message)) {}

Error Error::remote(std::string name, std::string message, int httpStatus)
{
    Error e(ErrorCode::RemoteException, std::move(message));
    e.remoteName_ = std::move(name);
    e.remoteStatus_ = httpStatus;
    return e;
}

std::string errorCodeName(ErrorCode code)
{
    switch (code) {
    case ErrorCode::ValidationException: return "ValidationException";
    case ErrorCode::SerializationException: return "SerializationException";
    case ErrorCode::ConditionalCheckFailedException: return "ConditionalCheckFailedException";
    case ErrorCode::ResourceNotFoundException: return "ResourceNotFoundException";
    case ErrorCode::ResourceInUseException: return "ResourceInUseException";
    case ErrorCode::TransactionCanceledException: return "TransactionCanceledException";
    case ErrorCode::TransactionConflictException: return "TransactionConflictException";
    case ErrorCode::TransactionInProgressException: return "TransactionInProgressException";
    case ErrorCode::IdempotentParameterMismatchException: return "IdempotentParameterMismatchException";
    case ErrorCode::ItemCollectionSizeLimitExceededException: return "ItemCollectionSizeLimitExceededException";
    case ErrorCode::ProvisionedThroughputExceededException: return "ProvisionedThroughputExceededException";
    case ErrorCode::RequestLimitExceeded: return "RequestLimitExceeded";
    case ErrorCode::ThrottlingException: return "ThrottlingException";
    case ErrorCode::LimitExceededException: return "LimitExceededException";
    case ErrorCode::UnknownOperationException: return "UnknownOperationException";
    case ErrorCode::ExpiredIteratorException: return "ExpiredIteratorException";
    case ErrorCode::TrimmedDataAccessException: return "TrimmedDataAccessException";
    case ErrorCode::MissingAuthenticationTokenException: return "MissingAuthenticationTokenException";
    case ErrorCode::IncompleteSignatureException: return "IncompleteSignatureException";
    case ErrorCode::InvalidSignatureException: return "InvalidSignatureException";
    case ErrorCode::UnrecognizedClientException: return "UnrecognizedClientException";
    case ErrorCode::InternalServerError: return "InternalServerError";
    case ErrorCode::DuplicateItemException: return "DuplicateItemException";
    case ErrorCode::RemoteException: return "RemoteException";
    }
    return "InternalServerError";
}

std::string Error::name() const { return code_ == ErrorCode::RemoteException ? remoteName_ : errorCodeName(code_); }

std::string Error::wireType() const
{
    // The live service answers validation and serialization failures from the Coral
    // framework's own namespaces; everything else is DynamoDB's (Developer Guide, "Error handling with DynamoDB").
    switch (code_) {
    case ErrorCode::ValidationException: return "com.amazon.coral.validate#ValidationException";
    case ErrorCode::SerializationException: return "com.amazon.coral.service#SerializationException";
    case ErrorCode::UnknownOperationException: return "com.amazon.coral.service#UnknownOperationException";
    // The authentication failures come from the Coral framework too, as the live service
    // answers them (quoted in dynalite's index.js from live responses).
    case ErrorCode::MissingAuthenticationTokenException:
    case ErrorCode::IncompleteSignatureException:
    case ErrorCode::InvalidSignatureException:
    case ErrorCode::UnrecognizedClientException: return "com.amazon.coral.service#" + name();
    case ErrorCode::InternalServerError: return "com.amazonaws.dynamodb.v20120810#InternalServerError";
    default: return "com.amazonaws.dynamodb.v20120810#" + name();
    }
}

int Error::httpStatus() const
{
    if (code_ == ErrorCode::RemoteException) return remoteStatus_;
    return code_ == ErrorCode::InternalServerError ? 500 : 400;
}

void throwValidation(std::string message) { throw Error(ErrorCode::ValidationException, std::move(message)); }

void throwError(ErrorCode code, std::string message) { throw Error(code, std::move(message)); }

}  // namespace keyplan::dynamo
