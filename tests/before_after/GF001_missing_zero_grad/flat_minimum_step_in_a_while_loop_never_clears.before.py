# The same SAM-like two-pass step in a function with a while loop and other names: the
# perturbation is read from each weight's `.grad` by a plain loop. Both clears are missing.
import torch


def sharpen(net, data, rounds, radius=0.05):
    weights = [w for w in net.parameters() if w.requires_grad]
    opt = torch.optim.Adam(weights, lr=0.01)
    k = 0
    while k < rounds:
        inputs, targets = data[k % len(data)]
        torch.nn.functional.mse_loss(net(inputs), targets).backward()
        with torch.no_grad():
            total = sum(w.grad.pow(2).sum() for w in weights).sqrt()
            moves = []
            for w in weights:
                moves.append(w.grad * radius / (total + 1e-12))
                w.add_(moves[-1])
        worst = torch.nn.functional.mse_loss(net(inputs), targets)
        worst.backward()
        with torch.no_grad():
            for w, m in zip(weights, moves):
                w.sub_(m)
        opt.step()
        k += 1
    return net
