import torch


def do_train(model, head, loader, opt_body, opt_head, scheduler, loss_fn, epochs):
    for epoch in range(epochs):
        for x, y in loader:
            opt_body.zero_grad()
            opt_head.zero_grad()
            loss = loss_fn(head(model(x)), y)
            loss.backward()
            opt_body.step()
            scheduler.step()
            opt_head.step()
