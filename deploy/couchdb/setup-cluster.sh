#!/bin/sh
# Joins couchdb1, couchdb2 and couchdb3 into one cluster with CouchDB's _cluster_setup API
# (compose.yaml's couchdb-setup). Run again on a finished cluster, it says so and stops.
set -eu

auth="$COUCHDB_USER:$COUCHDB_PASSWORD"
first=http://couchdb1:5984

post() {
  curl -fsS -u "$auth" -X POST -H 'content-type: application/json' "$first/_cluster_setup" -d "$1"
  echo
}

for node in couchdb1 couchdb2 couchdb3; do
  until curl -fsS "http://$node:5984/_up" >/dev/null 2>&1; do
    echo "waiting for $node"
    sleep 2
  done
done

case "$(curl -fsS -u "$auth" "$first/_cluster_setup")" in
  *cluster_finished*)
    echo 'the cluster is set up already'
    exit 0
    ;;
esac

credentials="\"username\":\"$COUCHDB_USER\",\"password\":\"$COUCHDB_PASSWORD\""
post "{\"action\":\"enable_cluster\",\"bind_address\":\"0.0.0.0\",$credentials,\"node_count\":\"3\"}"
for node in couchdb2 couchdb3; do
  post "{\"action\":\"enable_cluster\",\"bind_address\":\"0.0.0.0\",$credentials,\"port\":5984,\"node_count\":\"3\",\"remote_node\":\"$node.couch\",\"remote_current_user\":\"$COUCHDB_USER\",\"remote_current_password\":\"$COUCHDB_PASSWORD\"}"
  post "{\"action\":\"add_node\",\"host\":\"$node.couch\",\"port\":5984,$credentials}"
done
post '{"action":"finish_cluster"}'
curl -fsS -u "$auth" "$first/_membership"
echo
