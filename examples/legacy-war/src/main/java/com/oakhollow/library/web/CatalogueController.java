package com.oakhollow.library.web;

import java.util.List;
import javax.servlet.http.HttpSession;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.ResponseBody;

@Controller
public class CatalogueController {
    private final Catalogue catalogue;

    public CatalogueController(Catalogue catalogue) {
        this.catalogue = catalogue;
    }

    @GetMapping("/")
    public String home(@RequestParam(name = "q", required = false) String query, Model model, HttpSession session) {
        Integer searches = (Integer) session.getAttribute("searches");
        session.setAttribute("searches", searches == null ? 1 : searches + 1);
        model.addAttribute("query", query == null ? "" : query);
        model.addAttribute("books", catalogue.search(query));
        return "home";
    }

    @GetMapping("/api/books")
    @ResponseBody
    public List<Book> books(@RequestParam(name = "q", required = false) String query) {
        return catalogue.search(query);
    }
}
