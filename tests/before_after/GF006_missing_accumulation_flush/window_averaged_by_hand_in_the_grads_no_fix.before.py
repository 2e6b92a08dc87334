import torch


def fit_graphs(net, opt, graphs, group, epochs):
    """The window's summed gradients are averaged in place (`p.grad /= group`) before the
    step; the graphs after the last whole group still backpropagate, and the clear at the top
    of the next epoch throws their gradients away."""
    for epoch in range(epochs):
        net.train()
        opt.zero_grad()
        for k, graph in enumerate(graphs):
            score = net(graph.x)
            loss = torch.nn.functional.binary_cross_entropy_with_logits(score, graph.y)
            loss.backward()
            if k % group == group - 1:
                if group > 1:
                    for p in net.parameters():
                        if p.grad is not None:
                            p.grad /= group
                opt.step()
                opt.zero_grad()
