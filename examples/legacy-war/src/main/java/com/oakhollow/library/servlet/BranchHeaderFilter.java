package com.oakhollow.library.servlet;

import java.io.IOException;
import javax.servlet.Filter;
import javax.servlet.FilterChain;
import javax.servlet.FilterConfig;
import javax.servlet.ServletException;
import javax.servlet.ServletRequest;
import javax.servlet.ServletResponse;
import javax.servlet.annotation.WebFilter;
import javax.servlet.annotation.WebInitParam;
import javax.servlet.http.HttpServletResponse;

@WebFilter(urlPatterns = "/*", initParams = @WebInitParam(name = "branch", value = "oakhollow-central"))
public class BranchHeaderFilter implements Filter {
    private String branch;

    @Override
    public void init(FilterConfig config) {
        branch = config.getInitParameter("branch");
    }

    @Override
    public void doFilter(ServletRequest request, ServletResponse response, FilterChain chain)
            throws IOException, ServletException {
        ((HttpServletResponse) response).setHeader("X-Branch", branch);
        chain.doFilter(request, response);
    }
}
