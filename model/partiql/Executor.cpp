#include "partiql/Executor.h"

#include "partiql/Plan.h"

namespace keyplan::partiql {

store::ExecuteStatementResponse executeStatement(store::Store& store, const store::ExecuteStatementRequest& request)
{
    if (std::optional<store::ExecuteStatementResponse> forwarded = store.forwardStatement(request)) return *forwarded;
    const detail::Prepared p = detail::prepare(store, request.statement, request.parameters);
    if (p.statement.kind == Statement::Kind::Select) return detail::runSelect(store, p, request);
    return detail::runWrite(store, p, request);
}

store::ExecuteStatementResponse run(store::Store& store, std::string_view statement,
                                    const std::vector<dynamo::AttributeValue>& parameters, store::ReturnConsumedCapacity capacity)
{
    store::ExecuteStatementRequest request;
    request.statement = std::string(statement);
    if (!parameters.empty()) request.parameters = parameters;
    request.returnConsumedCapacity = capacity;
    return executeStatement(store, request);
}

}  // namespace keyplan::partiql
