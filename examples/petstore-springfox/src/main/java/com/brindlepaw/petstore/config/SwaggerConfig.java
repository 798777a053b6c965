package com.brindlepaw.petstore.config;

import java.util.Collections;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import springfox.documentation.builders.ApiInfoBuilder;
import springfox.documentation.builders.PathSelectors;
import springfox.documentation.builders.RequestHandlerSelectors;
import springfox.documentation.service.ApiInfo;
import springfox.documentation.service.Contact;
import springfox.documentation.service.Tag;
import springfox.documentation.spi.DocumentationType;
import springfox.documentation.spring.web.plugins.Docket;

@Configuration
public class SwaggerConfig {

    @Bean
    public Docket petstoreApi() {
        return new Docket(DocumentationType.SWAGGER_2)
                .groupName("petstore")
                .select()
                .apis(RequestHandlerSelectors.basePackage("com.brindlepaw.petstore.api"))
                .paths(PathSelectors.ant("/api/**"))
                .build()
                .apiInfo(apiInfo())
                .tags(new Tag("pets", "Animals available for adoption"))
                .useDefaultResponseMessages(false);
    }

    private ApiInfo apiInfo() {
        return new ApiInfoBuilder()
                .title("Brindlepaw petstore")
                .description("Adoption listings")
                .version("1.0")
                .contact(new Contact("Brindlepaw API team", "https://brindlepaw.example", "api@brindlepaw.example"))
                .license("Apache 2.0")
                .extensions(Collections.emptyList())
                .build();
    }
}
