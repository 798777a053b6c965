package com.example.demo

import org.springframework.beans.factory.annotation.Value
import org.springframework.boot.context.properties.ConfigurationProperties
import org.springframework.boot.context.properties.ConstructorBinding
import org.springframework.stereotype.Component

@ConstructorBinding
@ConfigurationProperties("demo")
data class DemoProperties(val greeting: String = "hello")

@Component
class RedisSettings(@Value("\${spring.redis.host:localhost}") val host: String)
