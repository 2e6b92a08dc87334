def update(net, opt, x, y, loss_fn):
    loss = loss_fn(net(x), y)
    loss.backward()
    opt.step()
    return loss.item()
