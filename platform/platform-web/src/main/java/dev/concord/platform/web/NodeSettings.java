package dev.concord.platform.web;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * This instance's place in the id space. In Kubernetes the worker comes from the pod's ordinal or a
 * lease, the process from the service, so no two replicas mint the same snowflake.
 */
@ConfigurationProperties("concord.node")
public record NodeSettings(@DefaultValue("0") int worker, @DefaultValue("0") int process) {}
