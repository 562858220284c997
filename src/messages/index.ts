// Every schema, message type and enum of the kafka_grpc contract, as buf generates them: the
// generated file is the list (re-exported whole, so a message added to the proto is here at once).
export * from "../../gen/kafka_grpc/kafka_grpc_pb.js";
