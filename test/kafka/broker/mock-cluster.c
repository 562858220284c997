/*
 * A Kafka-protocol broker for the tests: librdkafka's mock cluster (rdkafka_mock.h), one broker
 * on 127.0.0.1 and an ephemeral port. Usage: mock-cluster TOPIC:PARTITIONS...
 *
 * It creates the topics it is given (the mock does not serve CreateTopics), prints its bootstrap
 * address on one line of stdout, and runs until stdin closes or it gets SIGTERM or SIGINT.
 * Compiled by test/kafka/broker/start-broker.ts with `cc mock-cluster.c -lrdkafka`.
 */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <librdkafka/rdkafka.h>
#include <librdkafka/rdkafka_mock.h>

static volatile sig_atomic_t stopped = 0;

static void stop(int sig) {
  (void)sig;
  stopped = 1;
}

int main(int argc, char **argv) {
  char errstr[512];
  struct sigaction action;
  memset(&action, 0, sizeof action);
  action.sa_handler = stop; /* no SA_RESTART: the read() below returns EINTR */
  sigaction(SIGTERM, &action, NULL);
  sigaction(SIGINT, &action, NULL);

  rd_kafka_conf_t *conf = rd_kafka_conf_new();
  if (rd_kafka_conf_set(conf, "log_level", "3", errstr, sizeof errstr) != RD_KAFKA_CONF_OK) {
    fprintf(stderr, "mock-cluster: %s\n", errstr);
    return 2;
  }
  rd_kafka_t *rk = rd_kafka_new(RD_KAFKA_PRODUCER, conf, errstr, sizeof errstr);
  if (!rk) {
    fprintf(stderr, "mock-cluster: %s\n", errstr);
    return 2;
  }
  rd_kafka_mock_cluster_t *cluster = rd_kafka_mock_cluster_new(rk, 1);
  if (!cluster) {
    fprintf(stderr, "mock-cluster: cannot create the mock cluster\n");
    return 2;
  }

  for (int i = 1; i < argc; i++) {
    char *colon = strrchr(argv[i], ':');
    char *end = NULL;
    long partitions = colon ? strtol(colon + 1, &end, 10) : 0;
    if (!colon || colon == argv[i] || *end != '\0' || partitions < 1 || partitions > 1000) {
      fprintf(stderr, "mock-cluster: expected TOPIC:PARTITIONS, got %s\n", argv[i]);
      return 2;
    }
    *colon = '\0';
    rd_kafka_resp_err_t err = rd_kafka_mock_topic_create(cluster, argv[i], (int)partitions, 1);
    if (err) {
      fprintf(stderr, "mock-cluster: cannot create topic %s: %s\n", argv[i], rd_kafka_err2str(err));
      return 2;
    }
  }

  printf("%s\n", rd_kafka_mock_cluster_bootstraps(cluster));
  fflush(stdout);

  char buffer[256];
  while (!stopped) {
    ssize_t n = read(STDIN_FILENO, buffer, sizeof buffer);
    if (n == 0 || (n < 0 && errno != EINTR)) break; /* stdin closed: the test run is gone */
  }

  rd_kafka_mock_cluster_destroy(cluster);
  rd_kafka_destroy(rk);
  return 0;
}
