<%@ page contentType="text/html;charset=UTF-8" language="java" %>
<%@ taglib prefix="c" uri="http://java.sun.com/jsp/jstl/core" %>
<!DOCTYPE html>
<html>
<head><title>Oakhollow library</title></head>
<body>
<h1>Catalogue</h1>
<form method="get" action="">
    <input type="text" name="q" value="<c:out value='${query}'/>">
    <button type="submit">Search</button>
</form>
<ul>
    <c:forEach items="${books}" var="book">
        <li class="${book.onLoan ? 'loaned' : 'shelf'}"><c:out value="${book.title}"/> by <c:out value="${book.author}"/></li>
    </c:forEach>
</ul>
<c:if test="${empty books}"><p>Nothing found.</p></c:if>
</body>
</html>
