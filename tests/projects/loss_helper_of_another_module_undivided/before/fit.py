from objectives import compute_loss_of_batch


def fit_epoch(network, optimizer, batches, accumulation):
    network.train()
    for idx, (inputs, labels) in enumerate(batches):
        loss = compute_loss_of_batch(network, inputs, labels)
        loss.backward()
        if (idx + 1) % accumulation == 0 or idx + 1 == len(batches):
            optimizer.step()
            optimizer.zero_grad()
