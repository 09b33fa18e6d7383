package dev.concord.social.family;

import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Configuration;

@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(FamilyCenterSettings.class)
class FamilyCenterConfiguration {}
